import type { ServiceConfig } from "../config";
import type { Db } from "../db/client";
import { describeForLog } from "../http/error-log";
import { logFor } from "../observability/log";
import { housekeepingLine, runHousekeeping } from "./housekeeping";

/**
 * Runs housekeeping every HOUSEKEEPING_INTERVAL_MINUTES in this process, first at a random moment within
 * the interval, so instances started together do not all try at once (the lock would turn all but one
 * away anyway). A failed run is logged and tried again next time. Each run is logged through
 * `logFor("housekeeping")` with its counts.
 */
export function scheduleHousekeeping(db: Db, config: ServiceConfig): { stop: () => void } {
  const log = logFor("housekeeping");
  const everyMs = config.HOUSEKEEPING_INTERVAL_MINUTES * 60_000;
  if (everyMs === 0) return { stop: () => {} };
  let timer: NodeJS.Timeout | undefined;
  const next = (delay: number) => {
    timer = setTimeout(() => {
      runHousekeeping(db, config)
        .then(
          (result) => log.info({ removed: result.removed, skipped: result.skipped }, housekeepingLine(result)),
          (error: unknown) => log.error({ error: describeForLog(error) }, "housekeeping failed"),
        )
        .finally(() => next(everyMs));
    }, delay);
    timer.unref();
  };
  next(Math.random() * everyMs);
  return { stop: () => clearTimeout(timer) };
}
