import { describe, expect, it } from "vitest";
import type * as z from "zod/mini";
import { calendarDay } from "./days";
import { fieldMessages } from "./messages";
import { newStaffSchema, ownStaffDetailsSchema, staffMessages, staffUpdateSchema } from "./staff";
import { staffTransferListQuerySchema } from "./staff-transfers";
import { classTypeFormSchema } from "./classes";
import { newStudentSchema, studentUpdateSchema } from "./students";

// Issue 34, item 3: every form's schema takes the local formats and hands on the stored form.
const staffForm = {
  title: "Mrs",
  firstName: "Folake",
  lastName: "Adeyemi",
  oracleNumber: "ORC-1",
  tescomNumber: "TSC-1",
  gender: "F",
  dob: "14/05/1972",
  phoneCode: "+234",
  phoneNumber: "+234 803 444 5566",
  email: "folake@example.org",
  address: "12 Awolowo Way",
  countryOfOrigin: "Nigeria",
  stateOfOrigin: "Ogun",
  localGovernmentOfOrigin: "Abeokuta North",
  countryOfResidence: "Nigeria",
  stateOfResidence: "Lagos",
  localGovernmentOfResidence: "Ikeja",
  dateOfEmployment: "01.09.1995",
  staffType: "Teaching",
};
const studentForm = {
  firstName: "Amaka",
  lastName: "Okonkwo",
  gender: "female",
  dob: "14/05/2010",
  schoolId: "6f1c2a4e-2b7d-4c1a-9d3e-0a1b2c3d4e5f",
  dateOfAdmission: "13-09-2021",
  stateOfOrigin: "Anambra",
  localGovernmentOfOrigin: "Awka South",
  stateOfResidence: "Lagos",
  localGovernmentOfResidence: "Alimosho",
  address: "7 Egbeda Road",
  guardianName: "Ngozi Okonkwo",
  guardianRelationship: "Mother",
  guardianPhone: "08034445566",
};

const issuesOf = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
};

describe("the staff forms' schemas", () => {
  it.each([
    ["new staff", newStaffSchema, staffForm],
    ["own profile", ownStaffDetailsSchema, staffForm],
    ["staff update", staffUpdateSchema, { ...staffForm, version: 1 }],
  ] as const)("%s: a phone with +234 and spaces, day/month/year dates and F are stored normalised", (_name, schema, form) => {
    expect(schema.parse(form)).toMatchObject({ phoneNumber: "8034445566", dob: "1972-05-14", dateOfEmployment: "1995-09-01", gender: "Female" });
  });
  it("refuses an employment date before birth when both are typed day/month/year", () => {
    expect(issuesOf(newStaffSchema, { ...staffForm, dateOfEmployment: "01/01/1970" })).toEqual([
      { path: "dateOfEmployment", message: "This date cannot be before the date of birth." },
    ]);
  });
  it("names the expected form for a date it cannot read, and keeps the spec's phone message", () => {
    expect(issuesOf(newStaffSchema, { ...staffForm, dob: "19720514", phoneNumber: "0803 444 55" })).toEqual([
      { path: "dob", message: "Enter the date as day/month/year, e.g. 14/05/1972." },
      { path: "phoneNumber", message: fieldMessages.phoneDigits },
    ]);
  });
});

describe("choices typed as their common abbreviations", () => {
  it("the staff forms store the list's spelling of a title, marital status and staff type", () => {
    expect(newStaffSchema.parse({ ...staffForm, title: "doctor", maritalStatus: "M", staffType: "NT" })).toMatchObject({
      title: "Dr",
      maritalStatus: "Married",
      staffType: "Non-Teaching",
    });
    expect(ownStaffDetailsSchema.parse({ ...staffForm, title: "Eng.", maritalStatus: "w" })).toMatchObject({ title: "Engr", maritalStatus: "Widowed" });
  });
  it("the student forms store a guardian's relationship and special needs as the list spells them", () => {
    expect(newStudentSchema.parse({ ...studentForm, guardianRelationship: "Mum", specialNeeds: "nil" })).toMatchObject({
      guardianRelationship: "Mother",
      specialNeeds: "None",
    });
  });
  it("a class type takes JSS for Junior Secondary", () => {
    expect(classTypeFormSchema.parse({ name: "JSS 4", level: "jss", position: 4 })).toMatchObject({ level: "Junior Secondary" });
  });
  it("refuses a word that is no choice, with the field's message", () => {
    expect(issuesOf(newStaffSchema, { ...staffForm, title: "Sir", staffType: "X" })).toEqual([
      { path: "title", message: fieldMessages.required },
      { path: "staffType", message: fieldMessages.required },
    ]);
  });
});

describe("the student forms' schemas", () => {
  it.each([
    ["admission", newStudentSchema, studentForm],
    ["update", studentUpdateSchema, { ...studentForm, enrolmentStatus: "Enrolled", version: 1 }],
  ] as const)("%s: a guardian phone with a leading 0, day/month/year dates and 'female' are stored normalised", (_name, schema, form) => {
    expect(schema.parse(form)).toMatchObject({
      guardianPhoneCode: "+234",
      guardianPhone: "8034445566",
      dob: "2010-05-14",
      dateOfAdmission: "2021-09-13",
      gender: "Female",
    });
  });
  it("compares admission with birth once both are read", () => {
    expect(issuesOf(newStudentSchema, { ...studentForm, dateOfAdmission: "13/05/2010" })).toEqual([
      { path: "dateOfAdmission", message: "The date of admission cannot be before the date of birth." },
    ]);
  });
  it("refuses an impossible day and an unknown gender", () => {
    expect(issuesOf(newStudentSchema, { ...studentForm, dob: "31/02/2010", gender: "Q" })).toEqual([
      { path: "gender", message: fieldMessages.required },
      { path: "dob", message: staffMessages.dateInvalid },
    ]);
  });
});

describe("other dates", () => {
  it("a register filter takes day/month/year too", () => {
    expect(calendarDay.parse("02/03/2024")).toBe("2024-03-02");
    expect(staffTransferListQuerySchema.parse({ startDate: "01/03/2024", endDate: "31.03.2024" })).toMatchObject({
      startDate: "2024-03-01",
      endDate: "2024-03-31",
    });
  });
});
