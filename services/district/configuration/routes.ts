import { configurationUpdateSchema } from "../../../lib/contract/configuration";
import { successNotices } from "../../../lib/contract/messages";
import { sessionBounds } from "../../../lib/contract/configuration-values";
import { atDistrictLevel, inWorkedDistrict } from "../../db/scope";
import { snapshotIn } from "../statistics/trends";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { forbidden } from "../../http/errors";
import { configurationOf, toConfiguration, updateConfiguration } from "./queries";

const tag = "Configuration";

/**
 * The district's configuration (architecture 'Configuration'): one record per district, that of the
 * district the caller works in (a super administrator's: the district of their token). Staff at every
 * level of the district read it; only staff working at district level change it.
 */
export function configurationRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/district-configuration/get",
      summary:
        "The configuration of the district worked in: { configuration: { districtId, academicSession, terms: [{ name, startDate, endDate }] ×3, reportCardPrice (kobo), admissionNumberPattern, lowBalanceThreshold (kobo), pupilTeacherThreshold (pupils per teacher above which the statistics list a school first), version } }",
      tag,
      access: requires("configuration.view"),
    },
    async (c) => c.json({ configuration: toConfiguration(await configurationOf(c.get("deps").db, c.get("scope"))) }),
  );

  route(
    {
      method: "PATCH",
      path: "/district-configuration/update",
      summary:
        "Change the configuration of the district worked in (district level only). Body: { academicSession, terms, reportCardPrice, admissionNumberPattern, lowBalanceThreshold, pupilTeacherThreshold (a whole number from 10 to 100), version }. { message, configuration }; 409 when stale",
      tag,
      access: requires("configuration.update"),
      body: configurationUpdateSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      if (!atDistrictLevel(scope)) throw forbidden();
      const { version, ...values } = body;
      const updated = await db.transaction(async (tx) => {
        const before = await configurationOf(tx, scope);
        const after = await updateConfiguration(tx, scope, c.get("actor"), before, { version, values });
        // Moving on to a later session ends the one before: its statistics snapshot is taken now, in the same
        // transaction, as its registers stand at its end (replacing one taken on demand during it).
        const ended = sessionBounds(before.academicSession);
        if (ended && values.academicSession > before.academicSession)
          await snapshotIn(tx, inWorkedDistrict(scope), before.academicSession, ended.end, scope.staffId);
        return after;
      });
      return c.json({ message: successNotices.configurationsUpdated, configuration: toConfiguration(updated) });
    },
  );
}
