import { reportCardChargeSchema, reportCardQuoteQuerySchema, type ReportCardQuote } from "../../../lib/contract/billing";
import { requires } from "../../http/access";
import type { Api } from "../../http/api";
import { lockWallet } from "../ledger/post";
import { chargeAnswer, chargeLocked, chargeTermOf, countedCharge, countUncharged, findSchool, walletBalance } from "./charge";

const tag = "Report cards";

const whoIsCharged =
  "the school's Enrolled pupils not yet charged for that session and term (a reversed charge does not count) × the district's report-card price; academicSession? and term? default to the district's current ones (its configuration's session; the term whose dates contain today, else the next one, else Third Term); a session named must be the current one, or the previous one until the current session's first term starts (400 otherwise, nothing charged)";

/** Buying a term's report cards for a school out of its district's wallet (staff with wallet.charge). */
export function reportCardRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/wallet/report-card-quote",
      summary: `What buying a school's report cards would charge now: ${whoIsCharged}. Query: schoolId, academicSession?, term?. { school: { id, name }, academicSession, term, pupils, price, amount, balance } (kobo); 404 for a school not in reach`,
      tag,
      access: requires("wallet.charge"),
      query: reportCardQuoteQuerySchema,
    },
    async (c, { query }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const school = await findSchool(db, scope, query.schoolId);
      const t = await chargeTermOf(db, scope, school.districtId, query);
      const pupils = await countUncharged(db, scope, school.id, t);
      const balance = await walletBalance(db, scope, school.districtId);
      return c.json({
        school: { id: school.id, name: school.name },
        academicSession: t.academicSession,
        term: t.term,
        pupils,
        price: t.price,
        amount: pupils * t.price,
        balance,
      } satisfies ReportCardQuote);
    },
  );

  route(
    {
      method: "POST",
      path: "/wallet/report-card-charge",
      summary: `Buys a school's report cards for a term: one debit of ${whoIsCharged}. Body: { schoolId, academicSession?, term? }. 201 { message, entry: TransactionLogItem, pupils, amount, balance } (kobo); 200 with entry null when there is nothing to charge; 402 when the balance is short (nothing is written); 404 for a school not in reach`,
      tag,
      access: requires("wallet.charge"),
      body: reportCardChargeSchema,
    },
    async (c, { body }) => {
      const { db } = c.get("deps");
      const scope = c.get("scope");
      const charged = await countedCharge(
        "staff",
        async () => {
          const school = await findSchool(db, scope, body.schoolId);
          return db.transaction(async (tx) => {
            // First: every charge of the district waits here for the one before it, so no pupil is counted by two.
            const balance = await lockWallet(tx, scope, school.districtId);
            const t = await chargeTermOf(tx, scope, school.districtId, body);
            return chargeLocked(tx, scope, { school, term: t }, balance, { kind: "staff", actor: c.get("actor") });
          });
        },
        (result) => (result.entryId ? "charged" : "nothing_to_charge"),
      );
      return c.json(await chargeAnswer(db, scope, charged), charged.entryId ? 201 : 200);
    },
  );
}
