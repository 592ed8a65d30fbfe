import type { ChildProcess } from "node:child_process";

export type SupervisorOptions = {
  /** Waits before each restart of a run of crashes; the last one repeats. */
  delaysMs?: readonly number[];
  /** A process that ran this long counts as healthy: the next crash starts the waits over. */
  healthyAfterMs?: number;
  /** Crashes in a row (each before it was healthy) after which the supervisor gives up. */
  maxCrashesInARow?: number;
  log?: (line: string) => void;
};

export type Supervised = {
  /** Stops the process; it is not restarted. Resolves once it has exited. */
  stop: () => Promise<void>;
  /** How many times it was restarted after a crash. */
  restarts: () => number;
  /** Sends a signal to the running process (the fault tests stop, resume or kill it). */
  signal: (signal: NodeJS.Signals) => void;
  /** The running process's id (benchmarks read its memory). */
  pid: () => number | undefined;
  /** Resolves with the last exit code when the supervisor gives up. */
  gaveUp: Promise<number>;
};

/**
 * Keeps a started process running: when it exits on its own (a crash, kill -9), it is started again
 * after a back-off, and the crash is logged, so one failing part does not take the product down.
 */
export function supervise(label: string, first: ChildProcess, start: () => ChildProcess, options: SupervisorOptions = {}): Supervised {
  const delays = options.delaysMs ?? [500, 1_000, 2_000, 5_000, 10_000];
  const healthyAfter = options.healthyAfterMs ?? 60_000;
  const maxInARow = options.maxCrashesInARow ?? 10;
  const log = options.log ?? ((line: string) => console.error(line));
  let child = first;
  let startedAt = Date.now();
  let stopping = false;
  let restarts = 0;
  let inARow = 0;
  let timer: NodeJS.Timeout | undefined;
  let giveUp: (code: number) => void = () => {};
  const gaveUp = new Promise<number>((resolve) => (giveUp = resolve));

  const watch = (watched: ChildProcess) =>
    watched.once("exit", (code, signal) => {
      if (stopping) return;
      inARow = Date.now() - startedAt >= healthyAfter ? 1 : inARow + 1;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (inARow > maxInARow) {
        log(`[start] ${label} exited (${how}) ${inARow - 1} times in a row; giving up`);
        giveUp(code ?? 1);
        return;
      }
      const delay = delays[Math.min(inARow - 1, delays.length - 1)] ?? 1_000;
      log(`[start] ${label} exited (${how}); restarting in ${(delay / 1000).toFixed(1)} s`);
      timer = setTimeout(() => {
        if (stopping) return;
        restarts++;
        child = start();
        startedAt = Date.now();
        watch(child);
      }, delay);
    });
  watch(first);

  return {
    stop: async () => {
      stopping = true;
      clearTimeout(timer);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((done) => child.once("exit", done));
        // SIGINT: the one-machine stack has no load balancer to wait for, so its parts skip SIGTERM's grace period.
        child.kill("SIGINT");
        await exited;
      }
    },
    restarts: () => restarts,
    signal: (signal) => void child.kill(signal),
    pid: () => child.pid,
    gaveUp,
  };
}
