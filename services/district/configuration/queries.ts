import { and, eq } from "drizzle-orm";
import { configurationMessages, type DistrictConfiguration } from "../../../lib/contract/configuration";
import type { Reader, Tx } from "../../db/client";
import { districtConfiguration } from "../../db/schema";
import { within, type StaffScope } from "../../db/scope";
import { updateVersioned } from "../../db/versioned";
import type { Actor } from "../../http/context";
import { notFound } from "../../http/errors";

export type ConfigurationRow = typeof districtConfiguration.$inferSelect;

/** What an update may set: the values of the form, in kobo (the route's parsed body without its version). */
export type ConfigurationValues = Pick<
  ConfigurationRow,
  "academicSession" | "terms" | "reportCardPrice" | "admissionNumberPattern" | "lowBalanceThreshold" | "pupilTeacherThreshold"
>;

/** The answer of GET /district-configuration/get and of the update. */
export const toConfiguration = (row: ConfigurationRow): DistrictConfiguration => ({
  districtId: row.districtId,
  academicSession: row.academicSession,
  terms: row.terms.map((t) => ({ name: t.name, startDate: t.startDate, endDate: t.endDate })),
  reportCardPrice: row.reportCardPrice,
  admissionNumberPattern: row.admissionNumberPattern,
  lowBalanceThreshold: row.lowBalanceThreshold,
  pupilTeacherThreshold: row.pupilTeacherThreshold,
  version: row.version,
});

/**
 * The configuration of the district the scope works in (a super administrator's: the district of their
 * token), read by staff at any level of it. Every district has one (`provisionDistrict`, migration 0008):
 * other features (admission numbers, report-card charges, the wallet alert) read it through here.
 */
export async function configurationOf(db: Reader, scope: StaffScope): Promise<ConfigurationRow> {
  const [row] = await db
    .select()
    .from(districtConfiguration)
    .where(and(eq(districtConfiguration.districtId, scope.districtId), within(scope, districtConfiguration)));
  if (!row) throw notFound();
  return row;
}

/** What the audit row keeps of the configuration before and after. */
function auditView(row: ConfigurationRow) {
  const { districtId: _district, ...values } = toConfiguration(row);
  return values;
}

/** The versioned update of the configuration (`updateVersioned`, keyed by its district), audited as `configuration.update`. */
export function updateConfiguration(
  tx: Tx,
  scope: StaffScope,
  actor: Actor,
  before: ConfigurationRow,
  change: { version: number; values: ConfigurationValues },
): Promise<ConfigurationRow> {
  return updateVersioned(tx, scope, actor, districtConfiguration, before, {
    version: change.version,
    set: change.values,
    operation: "configuration.update",
    stale: configurationMessages.staleVersion,
    view: auditView,
    key: { column: districtConfiguration.districtId, value: before.districtId },
    auditRecord: (row) => ({ id: row.districtId, districtId: row.districtId }),
  });
}
