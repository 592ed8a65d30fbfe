// What the browser needs of LGEA portals without zod (messages); lgea.ts re-exports it with the schemas.

export const lgeaMessages = {
  nameTaken: "An LGEA portal with this name already exists in this district.",
  localGovernmentTaken: "This local government already has an LGEA portal.",
  localGovernmentNotInState: "Choose one of the state's local governments.",
  administratorRequired: "Choose the LGEA's administrator, or register a new one.",
  administratorNotInDistrict: "The administrator must be an active staff member of this district.",
  newAdministratorNeedsStaffCreate:
    "Registering a new staff member as the administrator needs the permission to create staff. Choose an existing staff member instead.",
} as const;

/** How the LGEA's administrator is chosen on the creation page: an existing staff member, or a new one registered there. */
export const administratorKinds = ["existing", "new"] as const;
export type AdministratorKind = (typeof administratorKinds)[number];
