/** Bodies for the LGEA tests (lgeas.test.ts, lgea-scope.test.ts): each with an e-mail, phone and numbers no other test uses. */

let n = 0;

/** A new staff member's form, as POST /staff/create takes it. */
export function newStaffForm(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    title: "Mr",
    firstName: "Gbenga",
    lastName: `Lgea${n}`,
    middleName: "",
    oracleNumber: `ORC-LGEA-${n}`,
    tescomNumber: `TSC-LGEA-${n}`,
    gender: "Male",
    dob: "1982-03-09",
    phoneCode: "+234",
    phoneNumber: `81340${String(n).padStart(5, "0")}`,
    email: `gbenga.lgea.${n}@lgea.example.org`,
    address: "4 Ikorodu Road, Yaba",
    countryOfOrigin: "Nigeria",
    stateOfOrigin: "Lagos",
    localGovernmentOfOrigin: "Mushin",
    countryOfResidence: "Nigeria",
    stateOfResidence: "Lagos",
    localGovernmentOfResidence: "Surulere",
    dateOfEmployment: "2010-01-04",
    staffType: "Non-Teaching",
    ...overrides,
  };
}

/** A new LGEA portal in `localGovernment` with a new administrator (or the one `administrator` names). */
export function newLgeaForm(localGovernment: string, overrides: Record<string, unknown> = {}) {
  return {
    name: `${localGovernment} LGEA`,
    localGovernment,
    address: `1 Council Road, ${localGovernment}, Lagos`,
    phoneNumbers: ["+2348035550101"],
    emails: [`office@${localGovernment.toLowerCase().replace(/\W+/g, "-")}-lgea.example.org`],
    administrator: { kind: "new", staff: newStaffForm() },
    ...overrides,
  };
}
