import type * as z from "zod/mini";
import { isoDay, spellGender, spellMaritalStatus, spellStaffType, spellTitle, splitPhone } from "../../../lib/contract/local-formats";
import { fieldMessages, successNotices } from "../../../lib/contract/messages";
import {
  genderEnum,
  maritalStatusEnum,
  newStaffSchema,
  staffFiltersSchema,
  staffRegisterMessages,
  titleEnum,
  type NewStaff,
  type StaffFiltersQuery,
} from "../../../lib/contract/staff";
import { staffTypes } from "../../../lib/contract/user";
import { DEFAULT_COUNTRY, DEFAULT_COUNTRY_CODE, NIGERIAN_STATES } from "../../db/reference/nigeria";
import { guardUnique } from "../../db/unique-violation";
import type { Api } from "../../http/api";
import { AppError } from "../../http/errors";
import type { EntityDefinition } from "../../spreadsheet/entity";
import { mountSpreadsheetRoutes } from "../../spreadsheet/routes";
import { placeIssues, spelledAsListed } from "../reference/places";
import { allSchoolsByName } from "../schools/queries";
import { schoolKey } from "../schools/rules";
import { lockStaffNumbers, normalNumber, takenEmails, takenPhones, takenStaffNumbers } from "./identity";
import { inviteAll } from "./invitation";
import { allStaffByName, auditView, districtOfScope, insertStaff } from "./queries";
import { staffSheetCells, staffSheetColumns, type SheetContext } from "./spreadsheet-columns";
import { staffMatch } from "./spreadsheet-match";

const dateColumns = ["dob", "dateOfEmployment", "dateOfLastPromotion", "dateOfFirstAppointment", "dateOfPresentAppointment", "lastDateOfPosting"] as const;

/** The schema names a few fields that the sheet holds in another column. */
const columnOf = (path: PropertyKey | undefined) =>
  ({ schoolId: "school", lgeaId: "school", phoneCode: "phoneNumber", addressCoordinates: "address" })[String(path)] ?? String(path);

/**
 * An optional choice is a union ('' or one of the list): when a cell is neither, zod reports the union with
 * its own English; the list's alternative (the last) carries the field's message.
 */
const messageOf = (issue: z.core.$ZodIssue) => (issue.code === "invalid_union" ? (issue.errors.at(-1)?.[0]?.message ?? issue.message) : issue.message);

/**
 * The school cell's posting: a school in scope by name; when empty, the caller's office (the district's, or
 * their LGEA's: the download writes an office posting as an empty cell, so the register reads back).
 */
function postingOf(cell: string, context: SheetContext): { schoolId: string | null; lgeaId: string | null } | { error: string } {
  if (!cell.trim()) {
    if (context.districtOffice) return { schoolId: null, lgeaId: null };
    return context.lgeaOffice ? { schoolId: null, lgeaId: context.lgeaOffice } : { error: staffRegisterMessages.schoolUnknown };
  }
  const found = context.schools.get(schoolKey(cell));
  return found ? { schoolId: found.id, lgeaId: null } : { error: staffRegisterMessages.schoolUnknown };
}

/**
 * A row of the sheet checked as the staff form is (its schema and messages, the places rule, a posting in
 * scope), with the spec's defaults for empty cells (title Mr, country Nigeria) and forgiving spellings.
 */
function checkStaffRow(data: Record<string, string>, context: SheetContext): { value: NewStaff } | { errors: Record<string, string> } {
  const text = (key: string) => (data[key] ?? "").trim();
  const phone = splitPhone(text("phoneNumber"), DEFAULT_COUNTRY_CODE);
  const posting = postingOf(text("school"), context);
  const places = spelledAsListed({
    countryOfOrigin: text("countryOfOrigin") || DEFAULT_COUNTRY,
    stateOfOrigin: text("stateOfOrigin"),
    localGovernmentOfOrigin: text("localGovernmentOfOrigin"),
    countryOfResidence: text("countryOfResidence") || DEFAULT_COUNTRY,
    stateOfResidence: text("stateOfResidence"),
    localGovernmentOfResidence: text("localGovernmentOfResidence"),
  });
  const result = newStaffSchema.safeParse({
    ...Object.fromEntries(staffSheetColumns.map((c) => [c.key, text(c.key)])),
    ...Object.fromEntries(dateColumns.map((key) => [key, isoDay(text(key))])),
    ...places,
    title: text("title") ? spellTitle(text("title")) : "Mr",
    gender: spellGender(text("gender")),
    maritalStatus: spellMaritalStatus(text("maritalStatus")),
    staffType: spellStaffType(text("staffType")),
    phoneCode: phone.code,
    phoneNumber: phone.number,
    schoolId: "schoolId" in posting ? posting.schoolId : null,
    lgeaId: "lgeaId" in posting ? posting.lgeaId : null,
  });
  const errors: Record<string, string> = {};
  if (!result.success) for (const issue of result.error.issues) errors[columnOf(issue.path[0])] ??= messageOf(issue);
  for (const issue of placeIssues(places)) errors[issue.path] ??= issue.message;
  if ("error" in posting) errors.school ??= posting.error;
  if (!result.success || Object.keys(errors).length > 0) return { errors };
  return { value: { ...result.data, email: result.data.email.toLowerCase() } };
}

/** A create that races another to an e-mail or phone meets the unique index; the import gets the check's answer. */
const guardIdentity = <T>(write: () => Promise<T>) =>
  guardUnique(
    "staff_email_uq",
    () => new AppError("conflict", fieldMessages.emailTaken),
    () => guardUnique("staff_phone_uq", () => new AppError("conflict", fieldMessages.phoneTaken), write),
  );

/** Staff as the import and export engine sees them: the columns of the staff form, checked by the same schema. */
export const staffEntity: EntityDefinition<SheetContext, NewStaff, StaffFiltersQuery> = {
  entity: "staff",
  sheetName: "Staff",
  columns: staffSheetColumns,
  context: async (db, scope) => {
    const district = await districtOfScope(db, scope);
    const schools = new Map<string, { id: string; name: string }>();
    for await (const s of allSchoolsByName(db, scope)) schools.set(schoolKey(s.name), { id: s.id, name: s.name });
    return {
      districtName: district.name,
      stateId: district.stateId,
      schools,
      districtOffice: scope.level === "district",
      lgeaOffice: scope.level === "lgea" ? scope.organizationId : null,
    };
  },
  validate: checkStaffRow,
  // E-mail and phone are unique across the product, oracle and staff numbers across the state (architecture 'Staff').
  uniqueKeys: [
    {
      column: "email",
      of: (data) => (data.email ?? "").trim().toLowerCase(),
      taken: (db, _s, values) => takenEmails(db, values),
      takenMessage: fieldMessages.emailTaken,
    },
    {
      column: "phoneNumber",
      of: (data) => {
        const phone = splitPhone(data.phoneNumber ?? "", DEFAULT_COUNTRY_CODE);
        return phone.number ? `${phone.code} ${phone.number}` : "";
      },
      taken: (db, _s, values) => takenPhones(db, values),
      takenMessage: fieldMessages.phoneTaken,
    },
    {
      column: "oracleNumber",
      of: (data) => normalNumber(data.oracleNumber ?? ""),
      taken: async (db, _s, values, context) => (await takenStaffNumbers(db, context.stateId, { oracleNumber: values, tescomNumber: [] })).oracleNumber,
      takenMessage: staffRegisterMessages.numberTaken,
    },
    {
      column: "tescomNumber",
      of: (data) => normalNumber(data.tescomNumber ?? ""),
      taken: async (db, _s, values, context) => (await takenStaffNumbers(db, context.stateId, { oracleNumber: [], tescomNumber: values })).tescomNumber,
      takenMessage: staffRegisterMessages.numberTaken,
    },
  ],
  match: staffMatch,
  // No index spans the state's districts: staff numbers are serialised per state, as the single create does.
  lock: (tx, context) => lockStaffNumbers(tx, context.stateId),
  create: async (tx, rows, { scope, importId, context, deps }) => {
    const created = await guardIdentity(() => insertStaff(tx, scope, rows, importId));
    // Written to the outbox in the import's transaction: a rolled-back confirm invites no one.
    await inviteAll(tx, deps, created, context.districtName);
    // Audited as POST /staff/create audits a new staff member: everything but the password hash.
    const audited = created.map((row) => ({ record: row, after: auditView(row) }));
    return { count: created.length, audited, afterCommit: () => deps.mailer.nudge() };
  },
  allowedValues: (context) => ({
    Title: [...titleEnum],
    Gender: [...genderEnum],
    "Staff Type": [...staffTypes],
    "Marital Status": [...maritalStatusEnum],
    "State of Origin and Residence": [...NIGERIAN_STATES],
    School: [...context.schools.values()].map((s) => s.name),
  }),
  exportQuery: staffFiltersSchema,
  exportRows: async function* (db, scope, { "district[0]": _district, includeLoggedInUser, ...filters }) {
    yield staffSheetColumns.map((c) => c.header);
    // Super administrators merely have a home district: they are not its staff, and must not import as such.
    const chosen = { ...filters, includeCaller: includeLoggedInUser === "true", includeSuperAdmins: false };
    for await (const row of allStaffByName(db, scope, chosen)) {
      const cells = staffSheetCells(row);
      yield staffSheetColumns.map((c) => cells[c.key] ?? "");
    }
  },
};

/** Staff bulk upload and download (spec §7): the engine's routes under /staff, confirmed by the staged import's id. */
export function staffSpreadsheetRoutes(api: Api) {
  mountSpreadsheetRoutes(api, {
    entity: staffEntity,
    tag: "Staff",
    base: "/staff",
    upload: { path: "/staff/upload-multiple", operation: "staff.upload" },
    confirm: { path: "/staff/create-multiple/:id", successMessage: successNotices.staffUploaded },
    download: { operation: "staff.download", filters: "and the register's filters (GET /staff/search-total's query)" },
    fileStem: "staffs",
  });
}
