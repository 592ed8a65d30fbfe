import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * `npm test`: every phase in turn, stopping at the first that fails, with one timing line per phase so each
 * run shows where its time goes. The API tests run once on the embedded database and, with
 * TEST_DATABASE_URL, once more on that PostgreSQL server, each timed apart.
 */
type Phase = [name: string, args: string[]];

// Typecheck, lint and format each run on one core: on two cores the three together take little more than the longest.
const staticChecks: Phase[] = [
  ["typecheck", ["run", "typecheck"]],
  ["lint", ["run", "lint"]],
  ["format", ["run", "format:check"]],
];
const phases: Phase[] = [
  ["unit and API tests, embedded database", ["exec", "--", "vitest", "run", "--project", "unit", "--project", "pglite"]],
  ...(process.env.TEST_DATABASE_URL ? [["API tests, PostgreSQL", ["exec", "--", "vitest", "run", "--project", "postgres"]] as Phase] : []),
  ["browser suite (the portal's build included)", ["run", "test:e2e"]],
  ["smoke run against a stack apart", ["run", "test:e2e:smoke"]],
  ["deployment test", ["run", "test:deploy"]],
];

/**
 * CPU seconds (user and system) spent so far by the processes this one has waited for, and theirs in turn
 * (Linux: /proc/self/stat's cutime and cstime, in ticks of 1/100 s); NaN elsewhere. A phase's share shows its
 * cost apart from the wall clock, which a busy machine stretches.
 */
function childrenCpuSeconds(): number {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
    // After the command's name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

const timings: string[] = [];
const began = performance.now();
const line = (name: string, seconds: number, cpu: number, outcome = "") =>
  `[test] ${name}: ${seconds.toFixed(0)} s${Number.isFinite(cpu) ? `, ${cpu.toFixed(0)} s of CPU` : ""}${outcome}`;
/** `cpuStart` is childrenCpuSeconds() when the phase began; parallel phases are timed together only. */
const record = (name: string, start: number, ok: boolean, cpuStart = NaN) => {
  timings.push(line(name, (performance.now() - start) / 1000, childrenCpuSeconds() - cpuStart, ok ? "" : " (failed)"));
  console.log(timings.at(-1));
};

/** One phase with its output held back and printed whole when it ends, so parallel phases do not interleave. */
function runQuietly([name, args]: Phase): Promise<boolean> {
  const start = performance.now();
  const child = spawn("npm", args, { stdio: ["ignore", "pipe", "pipe"] });
  const output: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((done) =>
    child.once("close", (code) => {
      process.stdout.write(Buffer.concat(output));
      record(name, start, code === 0);
      done(code === 0);
    }),
  );
}

const staticStart = performance.now();
let failed = (await Promise.all(staticChecks.map(runQuietly))).includes(false);
record("static checks together (typecheck, lint, format)", staticStart, !failed, 0);
for (const [name, args] of failed ? [] : phases) {
  const [start, cpuStart] = [performance.now(), childrenCpuSeconds()];
  const result = spawnSync("npm", args, { stdio: "inherit" });
  failed = result.status !== 0;
  record(name, start, !failed, cpuStart);
  if (failed) break;
}
console.log(
  ["[test] time per phase:", ...timings.map((t) => `  ${t}`), `  ${line("total", (performance.now() - began) / 1000, childrenCpuSeconds())}`].join("\n"),
);
process.exit(failed ? 1 : 0);
