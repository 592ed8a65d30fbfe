// What the browser needs of this domain without zod (texts, lists, helpers); staff.ts re-exports it with the schemas.

export const titleEnum = ["Mr", "Mrs", "Miss", "Ms", "Dr", "Prof", "Chief", "Alhaji", "Alhaja", "Engr", "Barr", "Rev", "Pastor", "Hon"] as const;
export const genderEnum = ["Male", "Female"] as const;
export const maritalStatusEnum = ["Single", "Married", "Divorced", "Widowed", "Separated"] as const;

export const staffMessages = {
  dateInvalid: "Enter a valid date.",
  dobInFuture: "Date of birth cannot be in the future.",
  dateInFuture: "This date cannot be in the future.",
  stale: "This record was changed by someone else since you opened it. Reload to see the changes.",
  countryCodeInvalid: "Choose a country code.",
  cannotChangeSuperAdmin: "Only a super administrator can change a super administrator's account.",
  cannotChangeOwner: "Only the district's owner can change the owner's account.",
  cannotChangeStronger: "You cannot change the account of someone who holds permissions you do not hold.",
  currentPasswordRequired: "Enter your current password to change your e-mail or phone number.",
  currentPasswordWrong: "The current password is not correct.",
  emailCodeSent: "We sent a code to your new e-mail address. Enter it to confirm the change.",
  emailCodeInvalid: "The code is wrong or has expired. Save the new e-mail again to get a new code.",
  emailChanged: "E-mail Updated Successfully",
} as const;

/** Today in Lagos as YYYY-MM-DD: dates of birth and employment are calendar days there (architecture 'Data'). */
export const todayInLagos = (now = new Date()) => new Intl.DateTimeFormat("en-CA", { timeZone: "Africa/Lagos" }).format(now);

export const isCalendarDay = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};
