"use client";

import { FormProvider } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { NavLink } from "@/components/ui/nav-link";
import { successNotices } from "@/lib/contract/notices";
import type { NewStudent, NewStudentInput } from "@/lib/contract/students";
import { lazyResolver } from "@/lib/lazy-resolver";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { studentKeys, studentRecordMutations } from "@/lib/queries/students";
import { handAdmitted } from "@/lib/just-admitted";
import { registerReturnHref } from "@/lib/register-return";
import { routes } from "@/lib/routes";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { DuplicateWarning, useDuplicateGate } from "./duplicate-warning";
import { StudentDetailsFields, type StudentFieldsProps } from "./student-details-fields";
import { blankStudent, studentName } from "./student-form-values";
import { formWithoutScript } from "@/lib/form-without-script";
import { DraftNotice } from "@/components/form/draft-notice";
import { useFormDraft } from "@/lib/form-draft";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/students").then((m) => m.newStudentSchema));

/**
 * Admits one pupil (POST /student/add): the student form, the possible-duplicate warning that must be
 * answered before saving, then 'Student Created Successfully', 1.5 s, and the admission register, which
 * shows the admission number the pupil was given (components/students/register/admitted-notice.tsx).
 */
export function NewStudentForm(props: Omit<StudentFieldsProps, "own">) {
  const form = useForm<NewStudentInput, unknown, NewStudent>({ resolver: validation.resolver, defaultValues: blankStudent() });
  const draft = useFormDraft("student:new", form);
  const { confirmedFor, setConfirmedFor, checking, guarded } = useDuplicateGate(() => form.getValues());
  const succeed = useSuccessRedirect();
  const { busy, run } = useApiMutation(studentRecordMutations.create, {
    form,
    invalidates: [studentKeys.all],
    onSuccess: ({ student }) => {
      draft.clear();
      handAdmitted({ id: student.id, name: studentName(student), admissionNumber: student.admissionNumber });
      return succeed(successNotices.studentCreated, registerReturnHref(routes.admissionRegister));
    },
  });

  const save = (values: NewStudent) => guarded(() => run(values));

  return (
    <FormProvider {...form}>
      <form
        {...formWithoutScript}
        onFocus={validation.warm}
        noValidate
        aria-label="New student"
        onSubmit={form.handleSubmit(save, onInvalidSubmit)}
        className="flex flex-col gap-5 rounded-lg border border-border bg-card p-5"
      >
        {busy || checking ? <LoadingOverlay /> : null}
        <DraftNotice draft={draft} />
        <StudentDetailsFields {...props} />
        <DuplicateWarning confirmedFor={confirmedFor} onConfirm={setConfirmedFor} />
        <div className="flex flex-wrap justify-end gap-2">
          <NavLink
            href={routes.studentManagement}
            className="inline-flex min-h-11 items-center rounded-md border border-border px-4 py-2 text-sm font-semibold hover:bg-muted"
          >
            Cancel
          </NavLink>
          <Button type="submit" disabled={busy || checking}>
            Save student
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
