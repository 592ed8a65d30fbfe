import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";

// Mail waiting to be sent, and the audit log.

/**
 * Mail as a transactional outbox (services/mail/): a message is written in the transaction of what it
 * tells, then delivered by the sender of any API instance, which claims due rows with FOR UPDATE SKIP
 * LOCKED and a lease (`claimedUntil`), retries with back-off (`attempts`, `nextAttemptAt`) and gives up
 * after a bounded time (`failedAt`). `secret` (a code in the body) is kept only until the message is
 * sent or given up, then cleared and taken out of the stored body.
 */
export const outbox = pgTable(
  "outbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    secret: text("secret"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The sender asks for the due messages, oldest first, among those neither sent nor given up.
  (t) => [
    index("outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null and failed_at is null`),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorStaffId: uuid("actor_staff_id"),
    districtId: uuid("district_id"),
    operation: text("operation").notNull(),
    recordId: text("record_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** The kind of record, the operation's first part (`school` of `school.update`): the trail's filter, indexed. */
    kind: text("kind").generatedAlwaysAs(sql`split_part(operation, '.', 1)`),
  },
  // The trail is read newest first within a district, by itself or by one filter (person, kind, operation,
  // record); each has an index ending in (at, id), so a page is read off the index, not sorted (issue: 1,000,000 entries).
  (t) => [
    index("audit_log_district_at_idx").on(t.districtId, t.at, t.id),
    index("audit_log_actor_idx").on(t.districtId, t.actorStaffId, t.at, t.id),
    index("audit_log_kind_idx").on(t.districtId, t.kind, t.at, t.id),
    index("audit_log_operation_idx").on(t.districtId, t.operation, t.at, t.id),
    index("audit_log_record_idx").on(t.districtId, t.recordId, t.at, t.id),
  ],
);

/**
 * A signed-in user's notifications (issue: the notification bell): filed under the recipient's district and
 * read only by the recipient; what it says is made from `data` by the bell (lib/contract/notification-values.ts).
 */
export const notification = pgTable(
  "notification",
  {
    id: id(),
    districtId: uuid("district_id").notNull(),
    staffId: uuid("staff_id").notNull(),
    kind: text("kind").notNull(),
    data: jsonb("data").notNull(),
    createdAt: createdAt(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  // Newest first for one person, and their unread count from a partial index (asked on every poll).
  (t) => [
    index("notification_staff_idx").on(t.staffId, t.createdAt, t.id),
    index("notification_unread_idx")
      .on(t.staffId)
      .where(sql`read_at is null`),
  ],
);
