import { searchableText } from "../search";
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import type { LedgerDirection, PaymentStatus, StandInStatus, TransactionAction } from "../../../lib/contract/billing-values";
import { id, createdAt, updatedAt } from "./columns";
import { district } from "./district";
import { school } from "./schools";
import { student } from "./students";

// The billing API's own tables (architecture 'Billing'): money is integer kobo. The ledger is append-only;
// a wallet's balance changes only in the transaction that adds its entry, with the wallet row locked.

/**
 * One wallet per district. Below zero only after a refund or lost dispute it could not cover (issue 33): the wallet is
 * then in arrears, and nothing but funding moves it until it is back at zero or more (ledger_entry's check).
 */
export const wallet = pgTable("wallet", {
  districtId: uuid("district_id")
    .primaryKey()
    .references(() => district.id),
  balance: bigint("balance", { mode: "number" }).notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Every movement of a wallet, never updated or deleted: a correction is a reversing entry. `reference` is
 * unique across the ledger (a payment's reference for funding), so a payment is credited exactly once.
 */
export const ledgerEntry = pgTable(
  "ledger_entry",
  {
    id: id(),
    /** The order entries were written in: one wallet's entries are written one at a time, under its lock. */
    seq: bigint("seq", { mode: "number" }).generatedAlwaysAsIdentity(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    direction: text("direction").$type<LedgerDirection>().notNull(),
    action: text("action").$type<TransactionAction>().notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    balanceAfter: bigint("balance_after", { mode: "number" }).notNull(),
    reference: text("reference").notNull(),
    description: text("description").notNull(),
    /** The school a report-card charge (or its reversal) was for. */
    schoolId: uuid("school_id").references(() => school.id),
    /** A report-card charge's session, term and number of pupils. */
    academicSession: text("academic_session"),
    term: text("term"),
    pupils: integer("pupils"),
    /** The entry a REVERSAL undoes: each entry is reversed at most once. */
    reversesId: uuid("reverses_id").references((): AnyPgColumn => ledgerEntry.id),
    reason: text("reason"),
    /** A retried charge with the same key (per district) finds this entry instead of charging again. */
    idempotencyKey: text("idempotency_key"),
    /** Who: a staff member, or a service client by its API key. */
    actorStaffId: uuid("actor_staff_id"),
    apiClientId: uuid("api_client_id"),
    /**
     * Not real money (issue 33): a funding paid through the provider stand-in, with a test key or on the provider's test
     * domain, and every later entry of a wallet that holds such money. Shown as such wherever the logs are.
     */
    testMoney: boolean("test_money").notNull().default(false),
    /** The funding a REFUND or CHARGEBACK takes back (issue 33): a funding may be refunded in parts. */
    fundingId: uuid("funding_id").references((): AnyPgColumn => ledgerEntry.id),
    createdAt: createdAt(),
  },
  (t) => [
    check("ledger_entry_amount_positive", sql`${t.amount} > 0`),
    // Only the provider taking money back may leave a wallet below zero (in arrears), and funding bring it back up.
    check("ledger_entry_balance_not_negative", sql`${t.balanceAfter} >= 0 or ${t.direction} = 'credit' or ${t.action} in ('REFUND', 'CHARGEBACK')`),
    check("ledger_entry_direction", sql`${t.direction} in ('credit', 'debit')`),
    uniqueIndex("ledger_entry_reference_idx").on(t.reference),
    uniqueIndex("ledger_entry_reverses_idx").on(t.reversesId),
    uniqueIndex("ledger_entry_idempotency_idx").on(t.districtId, t.idempotencyKey),
    index("ledger_entry_district_seq_idx").on(t.districtId, t.seq),
    index("ledger_entry_district_time_idx").on(t.districtId, t.createdAt),
    index("ledger_entry_school_time_idx").on(t.schoolId, t.createdAt),
    index("ledger_entry_funding_idx")
      .on(t.fundingId)
      .where(sql`${t.fundingId} is not null`),
    index("ledger_entry_test_money_idx")
      .on(t.districtId)
      .where(sql`${t.testMoney}`),
    index("ledger_entry_search_key_trgm_idx").using("gin", sql`(${searchableText(t.reference, t.description)}) gin_trgm_ops`),
  ],
);

/** A funding attempt: the payment link asked of the provider, and what became of it. */
export const payment = pgTable(
  "payment",
  {
    reference: text("reference").primaryKey(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    checkoutUrl: text("checkout_url"),
    /** What the provider said last, when it was not a success (shown to the user). */
    providerStatus: text("provider_status"),
    createdBy: uuid("created_by").notNull(),
    createdAt: createdAt(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    check("payment_amount_positive", sql`${t.amount} > 0`),
    index("payment_district_idx").on(t.districtId, t.createdAt),
    // The settlement sweep's look for payments left pending (issue 33), every 30 s on every instance.
    index("payment_pending_idx")
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Which pupils a report-card charge paid for: a pupil is charged at most once per session and term
 * unless that charge was reversed (the partial unique index).
 */
export const reportCardCharge = pgTable(
  "report_card_charge",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => ledgerEntry.id),
    studentId: uuid("student_id")
      .notNull()
      .references(() => student.id),
    schoolId: uuid("school_id")
      .notNull()
      .references(() => school.id),
    academicSession: text("academic_session").notNull(),
    term: text("term").notNull(),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("report_card_charge_once_idx")
      .on(t.studentId, t.academicSession, t.term)
      .where(sql`${t.reversedAt} is null`),
    index("report_card_charge_entry_idx").on(t.entryId),
  ],
);

/** A result-processing system's key for the charge endpoint: stored as a SHA-256 hash, shown once. */
export const apiClient = pgTable(
  "api_client",
  {
    id: id(),
    districtId: uuid("district_id")
      .notNull()
      .references(() => district.id),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    /** The key's first characters, so a super administrator can tell keys apart. */
    keyPrefix: text("key_prefix").notNull(),
    createdBy: uuid("created_by").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: uuid("revoked_by"),
  },
  (t) => [uniqueIndex("api_client_key_hash_idx").on(t.keyHash), index("api_client_district_idx").on(t.districtId)],
);

/**
 * The payment provider's local stand-in (no PAYSTACK_SECRET_KEY): its transactions, kept in the database
 * so that every API worker agrees. Not the product's records: the provider's, as a real one would keep them.
 */
export const standInTransaction = pgTable("stand_in_transaction", {
  reference: text("reference").primaryKey(),
  amount: bigint("amount", { mode: "number" }).notNull(),
  currency: text("currency").notNull(),
  email: text("email").notNull(),
  callbackUrl: text("callback_url").notNull(),
  status: text("status").$type<StandInStatus>().notNull().default("pending"),
  /**
   * Paystack's fee on a paid transaction (kobo), and whether the customer paid it on top (the integration passes its
   * fees to customers): then `amount` as verified is the requested amount plus the fee, as Paystack reports it.
   */
  fees: bigint("fees", { mode: "number" }).notNull().default(0),
  feesOnCustomer: boolean("fees_on_customer").notNull().default(false),
  createdAt: createdAt(),
  paidAt: timestamp("paid_at", { withTimezone: true }),
});

/** The stand-in's secret key (generated once), with which it signs webhooks and the billing API checks them. */
export const standInSecret = pgTable("stand_in_secret", {
  id: integer("id").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: createdAt(),
});

/**
 * The payment provider's webhook events, recorded before anything is done with them (issue 33): the webhook answers
 * once the event is kept, and its work (verify, credit) runs after, in the process that took it or, should that one
 * stop, in any instance's sweep. One row per event: `event_key` is the event's name, the provider's id of what it is
 * about and the payment's reference, so a replay finds the row instead of adding one. The body is not kept (it names
 * the payer): the work needs only the event and the reference, and asks the provider for the rest.
 */
export const webhookEvent = pgTable(
  "webhook_event",
  {
    id: id(),
    eventKey: text("event_key").notNull(),
    event: text("event").notNull(),
    reference: text("reference").notNull(),
    /**
     * What a refund or a dispute takes back (kobo), from the signed body (issue 33): Paystack's refund.processed has
     * `amount` (a string in its samples), charge.dispute.resolve `refund_amount`. Null for charge.success.
     */
    amount: bigint("amount", { mode: "number" }),
    /** The provider's id of the refund (refund_reference) or dispute (id), which the debit's reference carries. */
    providerId: text("provider_id"),
    receivedAt: createdAt(),
    /** Claimed by a worker until then (its lease), tried this many times, due again then after a failure. */
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Done (credited, already credited, not credited, or not ours), with what became of it. */
    processedAt: timestamp("processed_at", { withTimezone: true }),
    outcome: text("outcome"),
  },
  (t) => [
    uniqueIndex("webhook_event_key_idx").on(t.eventKey),
    index("webhook_event_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.processedAt} is null`),
  ],
);
