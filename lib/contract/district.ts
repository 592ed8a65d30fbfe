import * as z from "zod/mini";
import { emailField, nameField, requiredText, versionField } from "./fields";
import type { DistrictImageSlot } from "./images";
import { fieldMessages } from "./messages";
import type { AccountStatus, Location } from "./user";

export const districtMessages = {
  nameTaken: "Another district of the state already has this name.",
  stale: "Someone else changed this district since you opened it. Reload to see their changes.",
  tooManyContacts: "At most 10.",
} as const;

/** PATCH /district/update/{id}: the district's own details; logo and images have their own calls. */
export const districtUpdateSchema = z.object({
  name: nameField,
  address: requiredText(300),
  /** Each with its country code, as the phone chips input adds them: '+2348030000001'. */
  phoneNumbers: z
    .array(z.string().check(z.trim(), z.regex(/^\+\d{1,4}\d{10}$/, fieldMessages.phoneDigits)))
    .check(z.maxLength(10, districtMessages.tooManyContacts)),
  emails: z.array(emailField).check(z.maxLength(10, districtMessages.tooManyContacts)),
  version: versionField,
});
export type DistrictUpdate = z.input<typeof districtUpdateSchema>;

/** GET /district/view/{id} and the answer of the district's update and upload calls. */
export type DistrictProfile = {
  id: string;
  name: string;
  address: string | null;
  phoneNumbers: string[];
  emails: string[];
  accountStatus: AccountStatus;
  logo: Location | null;
  version: number;
} & Record<DistrictImageSlot, Location | null>;
