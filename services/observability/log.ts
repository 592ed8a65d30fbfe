import { createRootLogger, type Logger } from "./logger";

export type { Logger } from "./logger";

const root = createRootLogger();

/** The APIs' log for one part of the process: `logFor("mail").warn({ messageId }, "gave up")`. */
export const logFor = (component: string): Logger => root.child({ component });
