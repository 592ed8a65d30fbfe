import type { StaffDetailsInput } from "@/lib/contract/staff";
import type { StaffProfile } from "@/lib/contract/user";

/** The form's starting values: the record as it is, with the spec's defaults where it has none. */
export function staffFormValues(staff: StaffProfile): StaffDetailsInput {
  return {
    title: (staff.title || "Mr") as StaffDetailsInput["title"],
    firstName: staff.firstName,
    lastName: staff.lastName,
    middleName: staff.middleName ?? "",
    oracleNumber: staff.oracleNumber ?? "",
    tescomNumber: staff.tescomNumber ?? "",
    gender: (staff.gender ?? "") as StaffDetailsInput["gender"],
    dob: staff.dob ?? "",
    phoneCode: staff.phoneNumber.code || "+234",
    phoneNumber: staff.phoneNumber.number,
    email: staff.email,
    address: staff.address ?? "",
    addressCoordinates: staff.addressCoordinates,
    countryOfOrigin: staff.countryOfOrigin ?? "Nigeria",
    stateOfOrigin: staff.stateOfOrigin ?? "",
    localGovernmentOfOrigin: staff.localGovernmentOfOrigin ?? "",
    countryOfResidence: staff.countryOfResidence ?? "Nigeria",
    stateOfResidence: staff.stateOfResidence ?? "",
    localGovernmentOfResidence: staff.localGovernmentOfResidence ?? "",
    areaOfSpecialization: staff.areaOfSpecialization ?? "",
    dateOfEmployment: staff.dateOfEmployment ?? "",
    dateOfLastPromotion: staff.dateOfLastPromotion ?? "",
    dateOfFirstAppointment: staff.dateOfFirstAppointment ?? "",
    dateOfPresentAppointment: staff.dateOfPresentAppointment ?? "",
    lastDateOfPosting: staff.lastDateOfPosting ?? "",
    maritalStatus: (staff.maritalStatus ?? "") as StaffDetailsInput["maritalStatus"],
  };
}
