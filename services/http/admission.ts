import type { Logger } from "../observability/logger";

/**
 * Admission control: at most `maxInFlight` requests are worked on at once, at most `maxQueue` wait for
 * a turn, and none waits longer than `maxWaitMs`. A request that cannot be taken is refused at once
 * (the caller answers 503 with Retry-After) instead of joining a queue that would make every request
 * slow: under more load than the machine can serve, the requests that are served stay fast.
 *
 * Two classes of request share the slots. An `interactive` one (a person opening a page, signing in,
 * saving) is always served before a `background` one (a list search, a poll): it takes the next free
 * slot ahead of any waiting background request, it may push the newest background request out of a
 * full queue, and a quarter of the slots are kept for it, so a burst of bulk reads never holds all of
 * them.
 *
 * Every turn is given back on every path: the caller releases it (a release is idempotent), and a
 * request whose client leaves while it waits (`signal`) leaves the queue at once, or, when its turn
 * comes in the same instant, hands the turn straight on.
 */
export type AdmissionLimits = { maxInFlight: number; maxQueue: number; maxWaitMs: number };

export type Priority = "interactive" | "background";

/** Ends a request's turn; calling it again does nothing. */
export type Release = () => void;

export type AdmissionStats = {
  inFlight: number;
  waiting: number;
  /** Requests refused since the start (queue full or waited too long). */
  shed: number;
  /** Requests whose client left while they waited. */
  abandoned: number;
  /** How long the longest-held turn has been held, in ms (0 when none is). */
  oldestHeldMs: number;
};

export type Admission = {
  /** A turn, or null when the request should be refused (or its client has already left). */
  admit: (options?: { priority?: Priority; signal?: AbortSignal }) => Promise<Release | null>;
  stats: () => AdmissionStats;
  /**
   * Every slot taken and each held longer than `deadlineMs`, which no request may take: the turns are
   * lost, not busy, and the process will refuse everyone until restarted. Readiness reports it.
   */
  wedged: (deadlineMs: number) => boolean;
};

type Waiter = { priority: Priority; grant: (release: Release | null) => void; timer: NodeJS.Timeout; leave: () => void };

/** Told when refusals begin after a quiet spell and when they have stopped for `quietMs`. */
export type SheddingLog = { started: (stats: AdmissionStats) => void; stopped: (refused: number, forMs: number) => void };

/** Logs the start and end of a spell of refusals: a process that sheds is never silent about it. */
export const loggedShedding = (log: Pick<Logger, "warn">): SheddingLog => ({
  started: (s) =>
    log.warn({ inFlight: s.inFlight, waiting: s.waiting }, `shedding load: ${s.inFlight} requests in flight, ${s.waiting} waiting; refusing with 503`),
  stopped: (refused, ms) => log.warn({ refused, forMs: Math.round(ms) }, `shedding stopped: ${refused} requests refused over ${(ms / 1000).toFixed(1)} s`),
});

export function createAdmission(limits: AdmissionLimits, log?: SheddingLog, quietMs = 5_000): Admission {
  const held = new Map<symbol, { priority: Priority; since: number }>();
  const queues: Record<Priority, Waiter[]> = { interactive: [], background: [] };
  // A quarter of the slots are the interactive class's alone (none when there are fewer than four).
  const backgroundLimit = limits.maxInFlight - Math.floor(limits.maxInFlight / 4);
  let backgroundHeld = 0;
  let shed = 0;
  let abandoned = 0;
  let episode: { began: number; refused: number } | null = null;
  let quiet: NodeJS.Timeout | undefined;

  const waiting = () => queues.interactive.length + queues.background.length;
  const stats = (): AdmissionStats => {
    let oldest = Infinity;
    for (const slot of held.values()) oldest = Math.min(oldest, slot.since);
    return { inFlight: held.size, waiting: waiting(), shed, abandoned, oldestHeldMs: held.size ? Math.round(performance.now() - oldest) : 0 };
  };

  const refuse = () => {
    shed++;
    if (!log) return;
    if (!episode) {
      episode = { began: performance.now(), refused: 0 };
      log.started(stats());
    }
    const current = episode;
    current.refused++;
    clearTimeout(quiet);
    quiet = setTimeout(() => {
      episode = null;
      log.stopped(current.refused, Math.round(performance.now() - current.began));
    }, quietMs);
    quiet.unref();
  };

  const fits = (priority: Priority) => held.size < limits.maxInFlight && (priority === "interactive" || backgroundHeld < backgroundLimit);

  const take = (priority: Priority): Release => {
    const key = Symbol("turn");
    held.set(key, { priority, since: performance.now() });
    if (priority === "background") backgroundHeld++;
    return () => {
      if (!held.delete(key)) return;
      if (priority === "background") backgroundHeld--;
      pump();
    };
  };

  /** Gives free slots to the oldest waiting interactive requests, then to background ones. */
  function pump() {
    for (const priority of ["interactive", "background"] as const) {
      const queue = queues[priority];
      while (queue.length > 0 && fits(priority)) {
        const next = queue.shift() as Waiter;
        next.leave();
        next.grant(take(priority));
      }
    }
  }

  return {
    admit({ priority = "interactive", signal } = {}) {
      if (signal?.aborted) return Promise.resolve(null);
      if (fits(priority) && queues.interactive.length === 0 && (priority === "interactive" || queues.background.length === 0))
        return Promise.resolve(take(priority));
      if (waiting() >= limits.maxQueue) {
        // A full queue: an interactive request takes the newest background request's place.
        const pushedOut = priority === "interactive" ? queues.background.pop() : undefined;
        if (!pushedOut) {
          refuse();
          return Promise.resolve(null);
        }
        pushedOut.leave();
        refuse();
        pushedOut.grant(null);
      }
      return new Promise((grant) => {
        const remove = () => {
          const queue = queues[priority];
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
        };
        const onAbort = () => {
          waiter.leave();
          remove();
          abandoned++;
          grant(null);
        };
        const waiter: Waiter = {
          priority,
          grant,
          timer: setTimeout(() => {
            waiter.leave();
            remove();
            refuse();
            grant(null);
          }, limits.maxWaitMs),
          leave: () => {
            clearTimeout(waiter.timer);
            signal?.removeEventListener("abort", onAbort);
          },
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        queues[priority].push(waiter);
      });
    },
    stats,
    wedged(deadlineMs) {
      const now = performance.now();
      return held.size >= limits.maxInFlight && [...held.values()].every((slot) => now - slot.since > deadlineMs);
    },
  };
}
