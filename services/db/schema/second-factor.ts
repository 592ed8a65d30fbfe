import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, createdAt } from "./columns";
import { staff } from "./staff";

// The second factor of sign-in (services/district/second-factor/): a staff member's time-based code secret and recovery codes.

/**
 * A staff member's TOTP secret (RFC 6238, base32). `enabledAt` is null while an enrolment waits for its first
 * code: only an enabled factor is asked for at sign-in. One row per staff member; a new enrolment replaces it.
 */
export const staffSecondFactor = pgTable("staff_second_factor", {
  staffId: uuid("staff_id")
    .primaryKey()
    .references(() => staff.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at", { withTimezone: true }),
  createdAt: createdAt(),
});

/** Recovery codes, only their SHA-256 stored; each signs in once (`usedAt`). Replaced as a set at each enrolment. */
export const staffRecoveryCode = pgTable(
  "staff_recovery_code",
  {
    id: id(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  // Its staff_id leads, so it also serves the look-ups by staff member.
  (t) => [uniqueIndex("staff_recovery_code_uq").on(t.staffId, t.codeHash)],
);
