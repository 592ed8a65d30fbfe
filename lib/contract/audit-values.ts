// What the browser needs of the audit trail without zod (kinds, labels, shapes); audit.ts re-exports it with the schemas.
import { term, type TermKey } from "./terminology";
import type { StateTerminologies } from "./user";

/** The kinds of record the trail files entries under: an operation's first part (`school` of `school.update`). */
export const auditKinds = [
  "school",
  "staff",
  "student",
  "class",
  "class-type",
  "role",
  "lgea",
  "district",
  "configuration",
  "requirement",
  "wallet",
  "transaction",
  "api-client",
] as const;
export type AuditKind = (typeof auditKinds)[number];

const kindLabels: Record<AuditKind, string> = {
  school: "School",
  staff: "Staff",
  student: "Student",
  class: "Class",
  "class-type": "Class type",
  role: "Role",
  lgea: "LGEA portal",
  district: "District",
  configuration: "Configuration",
  requirement: "Requirement",
  wallet: "Wallet",
  transaction: "Transaction",
  "api-client": "API key",
};

/** A kind as the state calls it: the district is the state's term for it (e.g. 'Education District'). */
export function auditKindLabel(kind: string, terms: Partial<StateTerminologies> | null | undefined): string {
  if (kind === "district") return term(terms, "district");
  return kindLabels[kind as AuditKind] ?? humanize(kind);
}

/** An operation as a person reads it: `school.update` is 'School: update'; `staff.password-reset` 'Staff: password reset'. */
export function auditOperationLabel(operation: string, terms: Partial<StateTerminologies> | null | undefined): string {
  const [kind = "", ...action] = operation.split(".");
  return `${auditKindLabel(kind, terms)}: ${action.join(" ").replaceAll("-", " ")}`;
}

/** Fields named by one of the state's terms: the label is the state's word, wherever the field appears. */
const termFields: Record<string, TermKey> = {
  oracleNumber: "oracleNumber",
  tescomNumber: "tescomNumber",
  subebNumber: "subebNumber",
  districtId: "district",
  district: "district",
};

/** Labels where the field's key does not read well by itself. */
const fieldLabels: Record<string, string> = {
  lgeaId: "LGEA",
  schoolId: "School",
  organizationId: "Organisation",
  dob: "Date of birth",
  dateOfBirth: "Date of birth",
  nin: "NIN",
  email: "E-mail",
  emails: "E-mails",
  logoId: "Logo",
  profilePictureId: "Profile picture",
  photoId: "Photo",
  importId: "Import",
  roleId: "Role",
  reportCardPrice: "Report-card price (kobo)",
  lowBalanceThreshold: "Low-balance alert (kobo)",
  pupilTeacherThreshold: "Pupil–teacher threshold",
};

/** 'firstName' → 'First name'. */
export const humanize = (key: string) => {
  const words = key
    .replace(/[-_]/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A changed field's label, with the state's terms (its Oracle Number may be its 'TSC Number'). */
export function auditFieldLabel(field: string, terms: Partial<StateTerminologies> | null | undefined): string {
  const termKey = termFields[field];
  if (termKey) return term(terms, termKey);
  return fieldLabels[field] ?? humanize(field);
}

/** A value as the trail shows it: text as it is, lists joined, nothing as an empty string. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(auditValueText).join(", ");
  return JSON.stringify(value);
}

/** A change as a line: 'Name: Old → New'; a value set from nothing is just 'Name: New', one cleared 'Name: Old → (none)'. */
export function auditChangeText(change: AuditChange, terms: Partial<StateTerminologies> | null | undefined): string {
  const label = auditFieldLabel(change.field, terms);
  const before = auditValueText(change.before);
  const after = auditValueText(change.after) || "(none)";
  return before ? `${label}: ${before} → ${after}` : `${label}: ${after}`;
}

/** One field an entry changed: its value before and after (null where the record did not exist). */
export type AuditChange = { field: string; before: unknown; after: unknown };

export type AuditEntry = {
  id: string;
  /** When, as an ISO instant. */
  at: string;
  operation: string;
  kind: string;
  recordId: string | null;
  /** A name for the record, from its values (a school's name, a person's names), when it has one. */
  recordName: string | null;
  actor: { id: string; name: string } | null;
  changes: AuditChange[];
};

export type AuditPage = { entries: AuditEntry[]; nextCursor: string | null };
export type AuditPerson = { id: string; name: string };

export const auditMessages = {
  loading: "Getting audit trail...",
  empty: "No changes match these filters.",
  noHistory: "No changes recorded yet.",
  badCursor: "This page of the audit trail is no longer valid; start from the first page.",
};
