import type { ServiceConfig } from "../config";
import type { Db } from "../db/client";
import { housekeepingLine, runHousekeeping } from "./housekeeping";

/**
 * Runs housekeeping every HOUSEKEEPING_INTERVAL_MINUTES in this process, first at a random moment within
 * the interval, so instances started together do not all try at once (the lock would turn all but one
 * away anyway). A failed run is logged and tried again next time.
 */
export function scheduleHousekeeping(db: Db, config: ServiceConfig, log: (line: string) => void): { stop: () => void } {
  const everyMs = config.HOUSEKEEPING_INTERVAL_MINUTES * 60_000;
  if (everyMs === 0) return { stop: () => {} };
  let timer: NodeJS.Timeout | undefined;
  const next = (delay: number) => {
    timer = setTimeout(() => {
      runHousekeeping(db, config)
        .then(
          (result) => log(housekeepingLine(result)),
          (error: unknown) => log(`housekeeping failed: ${error instanceof Error ? error.message : String(error)}`),
        )
        .finally(() => next(everyMs));
    }, delay);
    timer.unref();
  };
  next(Math.random() * everyMs);
  return { stop: () => clearTimeout(timer) };
}
