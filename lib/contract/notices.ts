/** The notices, loading texts and their timings (spec §2, §9), re-exported by messages.ts. */
export const formInvalidMessage = "Validation failed: Please ensure all fields are filled correctly.";

export const successNotices = {
  configurationsUpdated: "Updated Configurations Successfully",
  studentUpdated: "Student Updated Successfully",
  studentCreated: "Student Created Successfully",
  uploaded: "Uploaded Successfully",
  studentsUploaded: "Multiple Students Upload Successfully",
  transfer: "Transfer Successfully",
  staffTransferred: "Staff Transferred Successfully",
  districtProfileUpdated: "District Profile Updated Successfully",
  districtLogoUpdated: "District Logo Updated Successfully",
  districtImageAdded: "District Image added Successfully",
  districtImagesUploaded: "District Images Uploaded Successfully",
  lgeaCreated: "LGEA Portal Created Successfully",
  roleCreated: "Role Created Successfully",
  roleUpdated: "Role Updated Successfully",
  roleDeleted: "Role Deleted Successfully",
  schoolCreated: "School Created Successfully",
  schoolUpdated: "School Updated Successfully",
  schoolsUploaded: "Multiple School Upload Successfully",
  staffCreated: "Staff Created Successfully",
  staffUpdated: "Staff Updated Successfully",
  staffUploaded: "Multiple Staff Upload Successfully",
  profileUpdated: "Profile Updated Successfully",
  profilePictureUpdated: "Profile Picture Updated Successfully",
  passwordUpdated: "Password Updated Successfully",
  loginSuccessful: "Login Successful",
  resetCodeSent: "Reset Code Has Been Sent To Your Email",
} as const;

export const loadingTexts = {
  default: "Please wait...",
  transactionLogs: "Getting transaction logs...",
  dashboard: "Loading Dashboard...",
  student: "Loading Student...",
  spreadsheet: "Uploading Spreadsheet...",
  roles: "Loading Roles...",
  schools: "Loading Schools...",
  staffs: "Loading Staffs...",
  students: "Loading Students...",
  loggingOut: "Logging you out. Please wait",
} as const;

/** Notifications and snackbars close after 10 s (spec §9). */
export const NOTIFICATION_TIMEOUT_MS = 10_000;
/** Redirect delays after a success notice (spec §2, §9). */
export const REDIRECT_DELAY_MS = 1_500;
export const SHORT_REDIRECT_DELAY_MS = 1_000;
export const LOGOUT_DELAY_MS = 1_500;
