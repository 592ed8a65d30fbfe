"use client";

import { ArrowLeft } from "lucide-react";
import dynamic from "next/dynamic";
import { useState } from "react";
import { DetailList } from "@/components/layout/detail-list";
import { RegisterReturnLink } from "@/components/register/register-return-link";
import { formatDay } from "@/components/staff/transfer-dates";
import { Button } from "@/components/ui/button";
import { loadingTexts } from "@/lib/contract/notices";
import type { StudentRecord } from "@/lib/contract/students";
import { accountStatusLabel } from "@/lib/contract/user";
import { useStudentRecord } from "@/lib/queries/students";
import { routes } from "@/lib/routes";
import { StudentPhoto } from "./student-photo";
import type { StudentFieldsProps } from "./student-details-fields";
import { studentName } from "./student-form-values";

// The form (react-hook-form, the date picker, the place fields) is fetched when the user starts to edit, not with the record.
const StudentEditForm = dynamic(() => import("./student-edit-form").then((m) => m.StudentEditForm), {
  loading: () => <p role="status">{loadingTexts.default}</p>,
});

type Props = Omit<StudentFieldsProps, "own"> & { initial: StudentRecord; canUpdate: boolean };

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(", ");
const day = (value: string | null) => (value ? formatDay(value) : null);

/** One pupil's record (architecture 'Students'): every field, and the edit form for those who may change it. */
export function StudentRecordView({ initial, canUpdate, ...fields }: Props) {
  const s = useStudentRecord(initial.id).data ?? initial;
  // The record as the edit began: a newer version read meanwhile must not wipe what is typed (the save then gets 409).
  const [editing, setEditing] = useState<StudentRecord | null>(null);
  if (editing) return <StudentEditForm student={editing} onCancel={() => setEditing(null)} {...fields} />;
  return (
    <div className="flex flex-col gap-5">
      <StudentPhoto studentId={s.id} photo={s.photo} name={studentName(s)} canChange={canUpdate} />
      <DetailList
        items={[
          ["Admission number", s.admissionNumber],
          ["Name", studentName(s)],
          ["Gender", s.gender],
          ["Date of birth", day(s.dob)],
          ["School", s.school.name],
          ["Class", s.class ? `${s.class.name} (${s.class.level})` : "No class yet"],
          ["Date of admission", day(s.dateOfAdmission)],
          ["Enrolment status", s.enrolmentStatus],
          ["Account status", accountStatusLabel(s.accountStatus)],
          ["Origin", joined(s.localGovernmentOfOrigin, s.stateOfOrigin)],
          ["Residence", joined(s.localGovernmentOfResidence, s.stateOfResidence)],
          ["Address", s.address],
          ["Guardian", s.guardianName ? `${s.guardianName}${s.guardianRelationship ? ` (${s.guardianRelationship})` : ""}` : null],
          ["Guardian's phone number", s.guardianPhone ? `${s.guardianPhoneCode ?? "+234"} ${s.guardianPhone}` : null],
          ["Guardian's e-mail", s.guardianEmail],
          ["Special educational needs", s.specialNeeds ?? "None"],
        ]}
      />
      <div className="flex flex-wrap gap-2">
        {canUpdate ? <Button onClick={() => setEditing(s)}>Edit student record</Button> : null}
        <RegisterReturnLink
          path={routes.admissionRegister}
          className="inline-flex min-h-11 items-center gap-2 rounded-md border border-border px-4 py-2 text-sm font-semibold hover:bg-muted"
        >
          <ArrowLeft size={16} aria-hidden /> Back to the admission register
        </RegisterReturnLink>
      </div>
    </div>
  );
}
