import { term } from "@/lib/contract/terminology";
import type { StaffProfile } from "@/lib/contract/user";

type Item = [label: string, value: string | null | undefined];

/** Spec §9: where no coordinates are stored, the map placeholder's. */
const PLACEHOLDER_COORDINATES = "12.2, 12.4";
const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(", ");

export const fullName = (staff: Pick<StaffProfile, "title" | "firstName" | "middleName" | "lastName">) =>
  [staff.title, staff.firstName, staff.middleName, staff.lastName].filter(Boolean).join(" ");

/**
 * A staff record as label and value pairs (spec §3), labelled with the state's terms: the profile shows
 * these; the staff record page adds the posting and every employment date (`full`).
 */
export function staffDetailItems(staff: StaffProfile, full?: { posting: string }): Item[] {
  const terms = staff.stateDetails.stateTerminologies;
  return [
    ["Name", fullName(staff)],
    ["E-mail", staff.email],
    ["Phone number", `${staff.phoneNumber.code} ${staff.phoneNumber.number}`],
    [term(terms, "oracleNumber"), staff.oracleNumber],
    [term(terms, "tescomNumber"), staff.tescomNumber],
    ["Staff type", staff.staffType],
    ...(full ? ([["Posting", full.posting]] as Item[]) : []),
    ["Gender", staff.gender],
    ["Date of birth", staff.dob],
    ["Address", staff.address],
    ...(full ? ([["Address coordinates", staff.addressCoordinates?.join(", ") ?? PLACEHOLDER_COORDINATES]] as Item[]) : []),
    ["Origin", joined(staff.localGovernmentOfOrigin, staff.stateOfOrigin, staff.countryOfOrigin)],
    ["Residence", joined(staff.localGovernmentOfResidence, staff.stateOfResidence, staff.countryOfResidence)],
    ["Area of specialization", staff.areaOfSpecialization],
    ["Marital status", staff.maritalStatus],
    ["Date of employment", staff.dateOfEmployment],
    ...(full
      ? ([
          ["Date of first appointment", staff.dateOfFirstAppointment],
          ["Date of present appointment", staff.dateOfPresentAppointment],
          ["Date of last promotion", staff.dateOfLastPromotion],
          ["Last date of posting", staff.lastDateOfPosting],
        ] as Item[])
      : []),
    [term(terms, "district"), staff.district.name],
  ];
}
