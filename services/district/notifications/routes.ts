import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { markReadSchema, notificationListSchema, type NotificationData, type NotificationPage, type UnreadCount } from "../../../lib/contract/notifications";
import type { Reader } from "../../db/client";
import { notification } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import { signedIn } from "../../http/access";
import type { Api } from "../../http/api";

const tag = "Notifications";

/** The caller's unread notifications, counted off the partial index (the bell asks every minute). */
async function unreadOf(db: Reader, scope: StaffScope): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(notification)
    .where(and(eq(notification.staffId, scope.staffId), isNull(notification.readAt), within(scope, notification)));
  return row?.n ?? 0;
}

/**
 * The signed-in user's notifications (issue: the notification bell): theirs alone at every level, newest
 * first; the bell polls the unread count and marks what it showed as read. Part of the shell: a district
 * waiting for review still has its bell (the review's answer arrives there).
 */
export function notificationRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/notifications",
      summary:
        "The signed-in user's notifications, newest first. Query: limit? (1–50, default 20). { notifications: [{ id, createdAt, readAt, data }], unread }",
      tag,
      access: signedIn,
      shell: true,
      query: notificationListSchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const rows = await db
        .select()
        .from(notification)
        .where(and(eq(notification.staffId, scope.staffId), within(scope, notification)))
        .orderBy(desc(notification.createdAt), desc(notification.id))
        .limit(query.limit);
      const notifications = rows.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        readAt: r.readAt?.toISOString() ?? null,
        data: r.data as NotificationData,
      }));
      return c.json({ notifications, unread: await unreadOf(db, scope) } satisfies NotificationPage);
    },
  );

  route(
    {
      method: "GET",
      path: "/notifications/unread-count",
      summary: "How many of the signed-in user's notifications are unread: { unread }",
      tag,
      access: signedIn,
      shell: true,
    },
    async (c) => c.json({ unread: await unreadOf(c.get("deps").db, c.get("scope")) } satisfies UnreadCount),
  );

  route(
    {
      method: "PATCH",
      path: "/notifications/read",
      summary: "Marks the signed-in user's notifications of `ids` (1–50) as read; another's or an unknown id is left alone. Body: { ids }. { unread }",
      tag,
      access: signedIn,
      shell: true,
      body: markReadSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      await db
        .update(notification)
        .set({ readAt: new Date() })
        .where(and(inArray(notification.id, body.ids), eq(notification.staffId, scope.staffId), isNull(notification.readAt), within(scope, notification)));
      return c.json({ unread: await unreadOf(db, scope) } satisfies UnreadCount);
    },
  );
}
