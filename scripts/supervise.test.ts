import { spawn, type ChildProcess } from "node:child_process";
import { describe, expect, it } from "vitest";
import { supervise } from "./supervise";

const node = (code: string): ChildProcess => spawn(process.execPath, ["-e", code], { stdio: "ignore" });
const longRunning = () => node("setInterval(() => {}, 1000)");
const until = async (check: () => boolean, ms = 5_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe("supervise", () => {
  it("restarts a process killed with SIGKILL, logs it, and does not restart it once stopped", async () => {
    const lines: string[] = [];
    let started = 0;
    const first = longRunning();
    const supervised = supervise("the APIs", first, () => (started++, longRunning()), { delaysMs: [50], log: (l) => lines.push(l) });
    first.kill("SIGKILL");
    await until(() => supervised.restarts() === 1);
    expect(started).toBe(1);
    expect(lines[0]).toBe("[start] the APIs exited (signal SIGKILL); restarting in 0.1 s");
    await supervised.stop();
    await new Promise((r) => setTimeout(r, 200));
    expect(started).toBe(1);
  });

  it("backs off on crashes in a row, and gives up after too many", async () => {
    const lines: string[] = [];
    const crash = () => node("process.exit(3)");
    const supervised = supervise("the portal", crash(), crash, {
      delaysMs: [10, 20, 40],
      maxCrashesInARow: 3,
      healthyAfterMs: 10_000,
      log: (l) => lines.push(l),
    });
    expect(await supervised.gaveUp).toBe(3);
    expect(supervised.restarts()).toBe(3);
    expect(lines.map((l) => l.replace(/ in [\d.]+ s$/, ""))).toEqual([
      "[start] the portal exited (code 3); restarting",
      "[start] the portal exited (code 3); restarting",
      "[start] the portal exited (code 3); restarting",
      "[start] the portal exited (code 3) 3 times in a row; giving up",
    ]);
  });
});
