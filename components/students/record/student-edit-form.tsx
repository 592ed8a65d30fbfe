"use client";

import { FormProvider } from "react-hook-form";
import { SelectField } from "@/components/form/select-field";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { successNotices } from "@/lib/contract/notices";
import type { StudentRecord, StudentUpdateInput } from "@/lib/contract/students";
import { enrolmentStatuses } from "@/lib/contract/students-values";
import { lazyResolver } from "@/lib/lazy-resolver";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { studentKeys, studentRecordMutations, type StudentUpdate } from "@/lib/queries/students";
import { registerReturnHref } from "@/lib/register-return";
import { routes } from "@/lib/routes";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { DuplicateWarning, useDuplicateGate } from "./duplicate-warning";
import { StudentDetailsFields, type StudentFieldsProps } from "./student-details-fields";
import { studentFormValues } from "./student-form-values";
import { formWithoutScript } from "@/lib/form-without-script";
import { DraftNotice } from "@/components/form/draft-notice";
import { useFormDraft } from "@/lib/form-draft";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/students").then((m) => m.studentUpdateSchema));

type Props = Omit<StudentFieldsProps, "own"> & { student: StudentRecord; onCancel: () => void };

/**
 * Edits a pupil's record (PATCH /student/update/{id}) with the version it was read at, so a change made
 * by someone else meanwhile is refused (409, its message shown) instead of overwritten; then 'Student
 * Updated Successfully', 1.5 s, and the admission register.
 */
export function StudentEditForm({ student, onCancel, ...fields }: Props) {
  const form = useForm<StudentUpdateInput, unknown, StudentUpdate>({ resolver: validation.resolver, defaultValues: studentFormValues(student) });
  const draft = useFormDraft(`student:${student.id}`, form);
  const { confirmedFor, setConfirmedFor, checking, guarded } = useDuplicateGate(() => form.getValues(), student.id);
  const succeed = useSuccessRedirect();
  const { busy, run } = useApiMutation((values: StudentUpdate) => studentRecordMutations.update(student.id, values), {
    form,
    invalidates: [studentKeys.all],
    onSuccess: () => {
      draft.clear();
      return succeed(successNotices.studentUpdated, registerReturnHref(routes.admissionRegister));
    },
  });

  const save = (values: StudentUpdate) => guarded(() => run(values));

  return (
    <FormProvider {...form}>
      <form
        {...formWithoutScript}
        onFocus={validation.warm}
        noValidate
        aria-label="Edit student record"
        onSubmit={form.handleSubmit(save, onInvalidSubmit)}
        className="flex flex-col gap-5 rounded-lg border border-border bg-card p-5"
      >
        {busy || checking ? <LoadingOverlay /> : null}
        <DraftNotice draft={draft} />
        <StudentDetailsFields {...fields} own={{ school: student.school, class: student.class }} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Enrolment status"
            options={enrolmentStatuses}
            error={form.formState.errors.enrolmentStatus?.message}
            {...form.register("enrolmentStatus")}
          />
        </div>
        <DuplicateWarning exceptId={student.id} confirmedFor={confirmedFor} onConfirm={setConfirmedFor} />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || checking}>
            Save student record
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
