"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { DetailList } from "@/components/layout/detail-list";
import { Button } from "@/components/ui/button";
import { term } from "@/lib/contract/terminology";
import type { StaffProfile } from "@/lib/contract/user";
import { useStaffRecord } from "@/lib/queries/staff";
import { EmailCodeDialog } from "./email-code-dialog";
import { ProfileForm } from "./profile-form";
import { ProfilePictureEditor } from "./profile-picture-editor";

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(", ");

/** One's own record (read by id, so it shows the re-read after an update), its picture, and the form to change it. */
export function ProfileView({ initial }: { initial: StaffProfile }) {
  const record = useStaffRecord(initial.id);
  const staff = record.data?.staff ?? initial;
  const [editing, setEditing] = useState(false);
  // Held here, not in the form: saving bumps the version, which gives the form a new key.
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const router = useRouter();
  const terms = staff.stateDetails.stateTerminologies;
  const name = [staff.title, staff.firstName, staff.middleName, staff.lastName].filter(Boolean).join(" ");
  return (
    <div className="flex flex-col gap-5">
      <EmailCodeDialog
        staffId={staff.id}
        email={pendingEmail}
        onClose={() => {
          setPendingEmail(null);
          router.refresh();
        }}
      />
      <ProfilePictureEditor staffId={staff.id} picture={staff.profilePicture} name={name} />
      {editing ? (
        <ProfileForm key={staff.version} staff={staff} onDone={() => setEditing(false)} onEmailPending={setPendingEmail} />
      ) : (
        <>
          <DetailList
            items={[
              ["Name", name],
              ["E-mail", staff.email],
              ["Phone number", `${staff.phoneNumber.code} ${staff.phoneNumber.number}`],
              [term(terms, "oracleNumber"), staff.oracleNumber],
              [term(terms, "tescomNumber"), staff.tescomNumber],
              ["Staff type", staff.staffType],
              ["Gender", staff.gender],
              ["Date of birth", staff.dob],
              ["Address", staff.address],
              ["Origin", joined(staff.localGovernmentOfOrigin, staff.stateOfOrigin, staff.countryOfOrigin)],
              ["Residence", joined(staff.localGovernmentOfResidence, staff.stateOfResidence, staff.countryOfResidence)],
              ["Area of specialization", staff.areaOfSpecialization],
              ["Marital status", staff.maritalStatus],
              ["Date of employment", staff.dateOfEmployment],
              [term(terms, "district"), staff.district.name],
            ]}
          />
          <div>
            <Button onClick={() => setEditing(true)}>Edit profile</Button>
          </div>
        </>
      )}
    </div>
  );
}
