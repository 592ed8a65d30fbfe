// What the browser needs of this domain without zod (texts, lists, helpers); session-switch.ts re-exports it with the schemas.

export const sessionSwitchMessages = {
  chooseStaff: "Choose a staff member.",
  chooseDistrict: "Choose a district.",
  chooseOrganization: "Choose an organisation.",
  alreadyOwner: "That staff member already owns the district.",
  onlyOwnerTransfers: "Only the district's owner can transfer the ownership right.",
  mustBeActive: "Only an active staff member can take this over.",
  alreadySuperAdmin: "That staff member is already a super administrator.",
  superAdminAuthorized: "Super administrator authorised",
  districtSwitched: "District switched",
  organizationSwitched: "Organisation switched",
  neverActive: "Not active yet",
} as const;
