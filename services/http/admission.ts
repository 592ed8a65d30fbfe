/**
 * Admission control: at most `maxInFlight` requests are worked on at once, at most `maxQueue` wait for
 * a turn, and none waits longer than `maxWaitMs`. A request that cannot be taken is refused at once
 * (the caller answers 503 with Retry-After) instead of joining a queue that would make every request
 * slow: under more load than the machine can serve, the requests that are served stay fast.
 */
export type AdmissionLimits = { maxInFlight: number; maxQueue: number; maxWaitMs: number };

/** Ends a request's turn; calling it again does nothing. */
export type Release = () => void;

export type Admission = {
  /** A turn, or null when the request should be refused. */
  admit: () => Promise<Release | null>;
  readonly inFlight: number;
  readonly waiting: number;
  /** How many requests were refused since the start. */
  readonly refused: number;
};

export function createAdmission(limits: AdmissionLimits): Admission {
  let inFlight = 0;
  let refused = 0;
  const queue: { grant: (release: Release | null) => void; timer: NodeJS.Timeout }[] = [];

  const release = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const next = queue.shift();
      if (next) {
        clearTimeout(next.timer);
        next.grant(release()); // the turn passes straight to the oldest waiting request
      } else inFlight--;
    };
  };

  return {
    admit() {
      if (inFlight < limits.maxInFlight) {
        inFlight++;
        return Promise.resolve(release());
      }
      if (queue.length >= limits.maxQueue) {
        refused++;
        return Promise.resolve(null);
      }
      return new Promise((grant) => {
        const waiter = {
          grant,
          timer: setTimeout(() => {
            queue.splice(queue.indexOf(waiter), 1);
            refused++;
            grant(null);
          }, limits.maxWaitMs),
        };
        queue.push(waiter);
      });
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.length;
    },
    get refused() {
      return refused;
    },
  };
}
