/**
 * The permission catalogue: every operation the district and billing APIs offer, as stable
 * `resource.action` codes. Roles are sets of these codes; every API route declares one.
 */
export const permissionCatalogue = [
  { operation: "school.view", category: "Schools", name: "View schools", description: "See the district's schools, their details and statistics." },
  { operation: "school.create", category: "Schools", name: "Create schools", description: "Add a school to the district." },
  {
    operation: "school.update",
    category: "Schools",
    name: "Edit schools",
    description: "Change a school's details and its principal, vice principal and other school roles.",
  },
  { operation: "school.upload", category: "Schools", name: "Upload schools", description: "Create many schools from a spreadsheet." },
  { operation: "school.download", category: "Schools", name: "Download schools", description: "Download the district's schools as a spreadsheet." },
  { operation: "staff.view", category: "Staff", name: "View staff", description: "Search and view staff records." },
  { operation: "staff.create", category: "Staff", name: "Create staff", description: "Add a staff member or a district administrator." },
  { operation: "staff.update", category: "Staff", name: "Edit staff", description: "Change another staff member's record." },
  { operation: "staff.upload", category: "Staff", name: "Upload staff", description: "Create many staff records from a spreadsheet." },
  { operation: "staff.download", category: "Staff", name: "Download staff", description: "Download staff records as a spreadsheet." },
  { operation: "staff.transfer", category: "Staff", name: "Transfer staff", description: "Move staff between schools." },
  {
    operation: "staff.suspend",
    category: "Staff",
    name: "Change staff account status",
    description: "Suspend a staff account, reactivate it, or require a new password.",
  },
  { operation: "student.view", category: "Students", name: "View students", description: "Search and view student records and the admission register." },
  { operation: "student.create", category: "Students", name: "Create students", description: "Admit a student." },
  { operation: "student.update", category: "Students", name: "Edit students", description: "Change a student's record." },
  { operation: "student.upload", category: "Students", name: "Upload students", description: "Admit many students from a spreadsheet." },
  { operation: "student.download", category: "Students", name: "Download students", description: "Download student records as a spreadsheet." },
  { operation: "class.view", category: "Classes", name: "View classes", description: "See classes and class types." },
  { operation: "class.create", category: "Classes", name: "Create classes", description: "Add a class." },
  { operation: "class.update", category: "Classes", name: "Edit classes", description: "Change a class." },
  {
    operation: "lgea.view",
    category: "LGEA portals",
    name: "View LGEA portals",
    description: "See the district's local government education authority portals.",
  },
  { operation: "lgea.create", category: "LGEA portals", name: "Create LGEA portals", description: "Create an LGEA portal and register its administrator." },
  { operation: "district.view", category: "District", name: "View district dashboard", description: "See the district's profile and dashboard figures." },
  { operation: "district.update", category: "District", name: "Edit district profile", description: "Change the district's details, logo and images." },
  {
    operation: "district.transfer-right",
    category: "District",
    name: "Transfer district ownership",
    description: "Hand the district's ownership right to another staff member.",
  },
  { operation: "configuration.view", category: "Configuration", name: "View configuration", description: "See the district's configuration." },
  { operation: "configuration.update", category: "Configuration", name: "Edit configuration", description: "Change the district's configuration." },
  { operation: "role.view", category: "Roles and permissions", name: "View roles", description: "See roles and the permission catalogue." },
  { operation: "role.create", category: "Roles and permissions", name: "Create roles", description: "Add a role." },
  { operation: "role.update", category: "Roles and permissions", name: "Edit roles", description: "Change a role's name, description and permissions." },
  { operation: "role.delete", category: "Roles and permissions", name: "Delete roles", description: "Delete a role; staff who held it must be reassigned." },
  { operation: "role.assign", category: "Roles and permissions", name: "Assign roles", description: "Give staff roles and take them away." },
  { operation: "transaction.view", category: "Transactions", name: "View transaction logs", description: "Search the report-card transaction logs." },
  {
    operation: "transaction.download",
    category: "Transactions",
    name: "Download transaction logs",
    description: "Download the transaction logs as a spreadsheet.",
  },
  { operation: "wallet.view", category: "Wallet", name: "View wallet", description: "See the wallet balance." },
  { operation: "wallet.fund", category: "Wallet", name: "Fund wallet", description: "Create payment links and fund the wallet." },
  {
    operation: "wallet.charge",
    category: "Wallet",
    name: "Buy report cards",
    description: "Pay a school's report cards for a term out of the wallet.",
  },
  {
    operation: "audit.view",
    category: "Audit trail",
    name: "View the audit trail",
    description: "See who changed which record and what it was before, and download the trail.",
  },
  {
    operation: "statistics.view",
    category: "Statistics",
    name: "View statistics",
    description: "See and download the statistics of the district, LGEA or school in reach.",
  },
] as const;

export type Operation = (typeof permissionCatalogue)[number]["operation"];
export const allOperations: readonly Operation[] = permissionCatalogue.map((p) => p.operation);

/**
 * The owner of a district always keeps these, whatever their roles say (no lock-out). Viewing staff is
 * among them because giving a role, or the ownership right, starts with finding the staff member.
 */
export const ownerOperations: readonly Operation[] = [
  "role.view",
  "role.create",
  "role.update",
  "role.delete",
  "role.assign",
  "district.transfer-right",
  "staff.view",
];

export type Permission = { name: string; description: string; category: string; operation: string };

/**
 * The LGEA administrator's system role (architecture 'LGEA portals'): the second layout's areas for
 * their LGEA's schools, staff, pupils and classes. Migration 0008 gives the same list to existing districts.
 */
export const lgeaAdminOperations: readonly Operation[] = [
  "district.view",
  "school.view",
  "school.create",
  "school.update",
  "school.upload",
  "school.download",
  "staff.view",
  "student.view",
  "student.create",
  "student.update",
  "student.upload",
  "student.download",
  "class.view",
  "class.create",
  "class.update",
  "lgea.view",
  "role.view",
  "configuration.view",
];
