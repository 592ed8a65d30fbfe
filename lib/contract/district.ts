import * as z from "zod/mini";
import { contactEmails, contactPhones, nameField, requiredText, versionField } from "./fields";
import type { DistrictImageSlot } from "./images";
import type { AccountStatus, Location } from "./user";

export const districtMessages = {
  nameTaken: "Another district of the state already has this name.",
  stale: "Someone else changed this district since you opened it. Reload to see their changes.",
} as const;

/** PATCH /district/update/{id}: the district's own details; logo and images have their own calls. */
export const districtUpdateSchema = z.object({
  name: nameField,
  address: requiredText(300),
  phoneNumbers: contactPhones,
  emails: contactEmails,
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
