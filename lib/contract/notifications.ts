import * as z from "zod/mini";
import { wholeNumber } from "./fields";

export * from "./notification-values";

/** GET /notifications: the newest, up to 50 (20 by default). */
export const notificationListSchema = z.object({ limit: z._default(wholeNumber("The limit must be a whole number from 1 to 50.", 1, 50), 20) });

/** PATCH /notifications/read: the notifications the bell showed, marked read. */
export const markReadSchema = z.object({
  ids: z.array(z.uuid({ error: "Not a notification." })).check(z.minLength(1, "Name at least one notification."), z.maxLength(50, "At most 50 at a time.")),
});
export type MarkRead = z.infer<typeof markReadSchema>;
