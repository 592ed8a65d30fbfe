import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, createdAt, updatedAt } from "./columns";
import type { OrganizationType } from "../../../lib/contract/user";
import type { SystemRoleKey } from "../../../lib/contract/roles-values";
import { district } from "./district";
import { staff } from "./staff";

// Permissions, roles and who holds them where, and sign-in: refresh tokens, reset codes, rate limits.

/** The permission catalogue, seeded from lib/contract/permissions.ts. */
export const permission = pgTable("permission", {
  operation: text("operation").primaryKey(),
  name: text("name").notNull(),
  description: text("description").notNull(),
  category: text("category").notNull(),
  restrictionType: text("restriction_type").notNull().default("District"),
});

export const role = pgTable(
  "role",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    operations: text("operations")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * A role every district starts with and other features rely on (architecture 'Staff'): it cannot be
     * deleted or renamed away, and a migration that adds an operation adds it here too.
     */
    systemKey: text("system_key").$type<SystemRoleKey>(),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("role_district_name_uq").on(t.districtId, sql`lower(btrim(${t.name}))`),
    uniqueIndex("role_district_system_key_uq").on(t.districtId, t.systemKey),
  ],
);

/** Role access: staff × organisation × role (architecture, 'Identity and tenancy'). */
export const roleAccess = pgTable(
  "role_access",
  {
    id: id(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    organizationType: text("organization_type").$type<OrganizationType>().notNull(),
    organizationId: uuid("organization_id").notNull(),
    roleId: uuid("role_id")
      .notNull()
      .references(() => role.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("role_access_uq").on(t.staffId, t.organizationId, t.roleId), index("role_access_role_idx").on(t.roleId)],
);

export const refreshToken = pgTable(
  "refresh_token",
  {
    id: id(),
    familyId: uuid("family_id").notNull(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staff.id),
    tokenHash: text("token_hash").notNull(),
    districtId: uuid("district_id").notNull(),
    organizationId: uuid("organization_id").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refresh_token_hash_uq").on(t.tokenHash),
    index("refresh_token_family_idx").on(t.familyId),
    index("refresh_token_staff_idx").on(t.staffId),
  ],
);

/**
 * Six-digit codes sent by e-mail (services/auth/one-time-code.ts): a password reset, or the
 * confirmation of a new e-mail address, which waits here until its code comes back.
 */
export const resetCode = pgTable(
  "reset_code",
  {
    id: id(),
    staffId: uuid("staff_id").references(() => staff.id),
    purpose: text("purpose").$type<"password-reset" | "email-change" | "invitation" | "registration">().notNull().default("password-reset"),
    newEmail: text("new_email"),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  // A new code voids the staff member's earlier ones, and the code screen finds their newest: both by staff.
  (t) => [index("reset_code_staff_idx").on(t.staffId, t.purpose)],
);

/** Fixed-window counters for login and reset limits; kept in the database so every instance shares them. */
export const rateLimit = pgTable(
  "rate_limit",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
