/**
 * The demo: one state portal, two Active districts, LGEAs, schools with principals, staff and students.
 * Passwords here are for the demo only and are documented as such in the README.
 */
export const demoPasswords = {
  superAdmin: "Demo#Super2026",
  admin: "Demo#Admin2026",
  staff: "Demo#Staff2026",
} as const;

/**
 * The demo's super administrator and district administrators (its owners) come with two-step sign-in on,
 * with this published secret (README): the demo, the browser suite and its scripts compute the code from it.
 * Demo only, like the passwords above; base32, as authenticator apps take it.
 */
export const demoSecondFactorSecret = "DEMOSECRETDISTRICTPORTALSEEDONLY";

export const demoState = {
  name: "Lagos State",
  terminologies: { district: "Education District", tescomNumber: "TESCOM Number" },
  phoneNumbers: ["+2348000000001"],
  emails: ["support@lagos-state.example.org"],
};

type DemoPerson = { first: string; last: string; gender: "Male" | "Female"; type: "Teaching" | "Non-Teaching" };

export const demoDistricts: {
  key: string;
  name: string;
  /** Education District III starts under review, so the demo shows the Unverified page too. */
  accountStatus: "Active" | "Unverified";
  lgeas: string[];
  schools: { name: string; category: string; lga: string }[];
  admin: { first: string; last: string; email: string; phone: string };
  people: DemoPerson[];
}[] = [
  {
    key: "ed1",
    name: "Education District I",
    accountStatus: "Active",
    lgeas: ["Agege", "Alimosho", "Ifako-Ijaiye"],
    schools: [
      { name: "Agege Senior Grammar School", category: "Senior Secondary", lga: "Agege" },
      { name: "Alimosho Junior High School", category: "Junior Secondary", lga: "Alimosho" },
      { name: "Ifako Community Primary School", category: "Primary", lga: "Ifako-Ijaiye" },
    ],
    admin: { first: "Adaeze", last: "Okafor", email: "admin.ed1@example.org", phone: "8030000001" },
    people: [
      { first: "Babatunde", last: "Adeyemi", gender: "Male", type: "Teaching" },
      { first: "Chiamaka", last: "Nwosu", gender: "Female", type: "Teaching" },
      { first: "Ibrahim", last: "Bello", gender: "Male", type: "Teaching" },
      { first: "Funmilayo", last: "Ogunleye", gender: "Female", type: "Teaching" },
      { first: "Emeka", last: "Eze", gender: "Male", type: "Teaching" },
      { first: "Halima", last: "Sani", gender: "Female", type: "Teaching" },
      { first: "Tunde", last: "Bakare", gender: "Male", type: "Non-Teaching" },
      { first: "Ngozi", last: "Obi", gender: "Female", type: "Non-Teaching" },
    ],
  },
  {
    key: "ed2",
    name: "Education District II",
    accountStatus: "Active",
    lgeas: ["Ikorodu", "Kosofe", "Shomolu"],
    schools: [
      { name: "Ikorodu Model College", category: "Senior Secondary", lga: "Ikorodu" },
      { name: "Kosofe Junior Grammar School", category: "Junior Secondary", lga: "Kosofe" },
      { name: "Shomolu Primary School", category: "Primary", lga: "Shomolu" },
    ],
    admin: { first: "Musa", last: "Abubakar", email: "admin.ed2@example.org", phone: "8030000002" },
    people: [
      { first: "Yetunde", last: "Lawal", gender: "Female", type: "Teaching" },
      { first: "Olumide", last: "Fashola", gender: "Male", type: "Teaching" },
      { first: "Aisha", last: "Yusuf", gender: "Female", type: "Teaching" },
      { first: "Kelechi", last: "Okeke", gender: "Male", type: "Teaching" },
      { first: "Bisi", last: "Adebayo", gender: "Female", type: "Teaching" },
      { first: "Segun", last: "Afolabi", gender: "Male", type: "Teaching" },
      { first: "Zainab", last: "Umar", gender: "Female", type: "Non-Teaching" },
      { first: "Chidi", last: "Onyema", gender: "Male", type: "Non-Teaching" },
    ],
  },
  {
    key: "ed3",
    name: "Education District III",
    accountStatus: "Unverified",
    lgeas: ["Epe", "Ibeju-Lekki", "Lagos Island"],
    schools: [
      { name: "Epe Grammar School", category: "Senior Secondary", lga: "Epe" },
      { name: "Lekki Junior Secondary School", category: "Junior Secondary", lga: "Ibeju-Lekki" },
      { name: "Lagos Island Primary School", category: "Primary", lga: "Lagos Island" },
    ],
    admin: { first: "Kunle", last: "Ogundipe", email: "admin.ed3@example.org", phone: "8030000003" },
    people: [
      { first: "Folake", last: "Adewale", gender: "Female", type: "Teaching" },
      { first: "Sani", last: "Danjuma", gender: "Male", type: "Teaching" },
      { first: "Uju", last: "Okoro", gender: "Female", type: "Teaching" },
      { first: "Yemi", last: "Alade", gender: "Male", type: "Teaching" },
      { first: "Grace", last: "Etim", gender: "Female", type: "Teaching" },
      { first: "Bayo", last: "Ojo", gender: "Male", type: "Non-Teaching" },
    ],
  },
];

export const demoSuperAdmin = { first: "Olufemi", last: "Adekunle", email: "superadmin@example.org", phone: "8030000000" };

export const studentFirstNames = ["Tobi", "Amaka", "Sadiq", "Kemi", "Uche", "Fatima", "Dayo", "Ifeoma", "Yakubu", "Bola", "Nnamdi", "Hauwa"];
export const studentLastNames = ["Ajayi", "Okonkwo", "Garba", "Balogun", "Nwachukwu", "Ibrahim", "Oladipo", "Chukwu"];

/** The standard class types a demo school has one class (arm A) of, by its category. */
export function demoClassesFor(category: string): string[] {
  if (category === "Senior Secondary") return ["SSS 1", "SSS 2", "SSS 3"];
  if (category === "Junior Secondary") return ["JSS 1", "JSS 2", "JSS 3"];
  return [1, 2, 3, 4, 5, 6].map((n) => `Primary ${n}`);
}
