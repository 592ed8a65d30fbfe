"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { FormProvider, useForm } from "react-hook-form";
import { toast } from "sonner";
import { StaffDetailsFields } from "@/components/staff/staff-details-fields";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { formInvalidMessage, successNotices } from "@/lib/contract/messages";
import { staffDetailsSchema, type StaffDetails, type StaffDetailsInput } from "@/lib/contract/staff";
import type { StaffProfile } from "@/lib/contract/user";
import { staffKeys, staffMutations } from "@/lib/queries/staff";
import { useApiMutation } from "@/lib/use-api-mutation";

/** The form's starting values: the record as it is, with the spec's defaults where it has none. */
function valuesOf(staff: StaffProfile): StaffDetailsInput {
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

/** Edits one's own record; after 'Profile Updated Successfully' the record is read again by id (spec §4). */
export function ProfileForm({ staff, onDone }: { staff: StaffProfile; onDone: () => void }) {
  const router = useRouter();
  const form = useForm<StaffDetailsInput, unknown, StaffDetails>({ resolver: zodResolver(staffDetailsSchema), defaultValues: valuesOf(staff) });
  const { busy, run } = useApiMutation((values: StaffDetails) => staffMutations.update(staff, values), {
    form,
    inPlace: true,
    invalidates: [staffKeys.record(staff.id)],
    onSuccess: () => {
      toast.success(successNotices.profileUpdated);
      router.refresh();
      onDone();
    },
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Edit profile"
        onSubmit={form.handleSubmit(run, () => toast.error(formInvalidMessage))}
        className="flex flex-col gap-5 rounded-lg border border-border bg-card p-5"
      >
        {busy ? <LoadingOverlay /> : null}
        <StaffDetailsFields terminologies={staff.stateDetails.stateTerminologies} own={{ email: staff.email, phoneNumber: staff.phoneNumber.number }} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onDone} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            Save profile
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
