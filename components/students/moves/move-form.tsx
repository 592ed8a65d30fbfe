"use client";

import { ArrowLeft } from "lucide-react";
import { useState, type ReactNode } from "react";
import { useWatch } from "react-hook-form";
import { SelectField } from "@/components/form/select-field";
import { ActionLink, SelectionGate, SelectionSummary } from "@/components/register/selection-action";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { loadingTexts } from "@/lib/contract/notices";
import type { StudentMoveInput, StudentMoveLine } from "@/lib/contract/students";
import { studentMessages } from "@/lib/contract/students-values";
import { keptSelection, useKeptSelection } from "@/lib/kept-selection";
import { lazyResolver } from "@/lib/lazy-resolver";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { toast } from "@/lib/notify";
import { useApiRead } from "@/lib/queries/api-read";
import { classKeys, classReads } from "@/lib/queries/classes";
import { schoolKeys, schoolReads } from "@/lib/queries/schools";
import { studentKeys, studentRecordMutations } from "@/lib/queries/students";
import { routes } from "@/lib/routes";
import { useApiMutation } from "@/lib/use-api-mutation";
import { useSuccessRedirect } from "@/lib/use-success-redirect";
import { MoveReview } from "./move-review";
import { formWithoutScript } from "@/lib/form-without-script";
import { useForm } from "@/lib/use-form";

const validation = lazyResolver(() => import("@/lib/contract/students").then((m) => m.studentMoveSchema));

const pupils = (n: number) => `${n.toLocaleString("en")} ${n === 1 ? "pupil" : "pupils"}`;

type Props = { districtId: string; can: { listSchools: boolean; listClasses: boolean } };

/**
 * A group move (architecture 'Students'): the pupils selected in the admission register go to a new class
 * and/or a new school, after a review of each pupil's move; one transaction, reversible for a day.
 */
export function MoveForm({ districtId, can }: Props) {
  const selection = useKeptSelection("students");
  // The pupils moved, once the move is made: the selection is cleared then, while the page waits to move on.
  const [moved, setMoved] = useState<string[] | null>(null);
  const back = (
    <ActionLink href={routes.admissionRegister} icon={ArrowLeft}>
      Back to the admission register
    </ActionLink>
  );
  return (
    <SelectionGate
      back={back}
      empty={selection.count === 0 && !moved ? "No pupils are selected for a move. Select the pupils to move in the admission register first." : undefined}
      denied={
        !can.listSchools && !can.listClasses
          ? "You may not list the schools or classes pupils could move to. Ask your district administrator for a role that allows it."
          : undefined
      }
    >
      <SelectedPupilsForm districtId={districtId} can={can} ids={moved ?? selection.ids} back={back} onMoved={setMoved} />
    </SelectionGate>
  );
}

type FormProps = Props & { ids: string[]; back: ReactNode; onMoved: (ids: string[]) => void };
type Reviewed = { request: StudentMoveInput; moves: StudentMoveLine[] };

function SelectedPupilsForm({ districtId, can, ids, back, onMoved }: FormProps) {
  const succeed = useSuccessRedirect();
  const form = useForm<StudentMoveInput, unknown, StudentMoveInput>({
    resolver: validation.resolver,
    defaultValues: { studentIds: ids, toSchoolId: "", toClassId: "" },
  });
  const { errors } = form.formState;
  const [toSchoolId, toClassId] = useWatch({ control: form.control, name: ["toSchoolId", "toClassId"] });
  const [reviewed, setReviewed] = useState<Reviewed | null>(null);
  const [confirming, setConfirming] = useState(false);

  const schools = useApiRead(schoolReads.byDistrict(districtId), { select: (answer) => answer.schools, staleTime: 300_000, enabled: can.listSchools });
  // A new school's classes; with none chosen, every class in reach (a class of each pupil's own school).
  const classes = useApiRead(classReads.ofSchool(toSchoolId ?? ""), { staleTime: 300_000, enabled: can.listClasses });
  const classOptions = (classes.data?.classes ?? []).map((c) => ({ value: c.id, label: toSchoolId ? c.name : `${c.name} — ${c.school.name}` }));
  const moreClasses = !toSchoolId && (classes.data?.total ?? 0) > (classes.data?.classes.length ?? 0);

  const review = useApiMutation(studentRecordMutations.reviewMove, {
    form,
    inPlace: true,
    onSuccess: (answer, request) => setReviewed({ request, moves: answer.moves }),
  });
  const move = useApiMutation(studentRecordMutations.move, {
    invalidates: [studentKeys.all, classKeys.all, schoolKeys.all],
    onSuccess: async (answer, request) => {
      onMoved(request.studentIds);
      keptSelection("students").clear();
      await succeed(answer.message || studentMessages.moved, routes.studentMoves);
    },
  });
  const busy = review.busy || move.busy;
  // Pupils the API did not find in reach (a 404 names each one's place in studentIds): offered for removal.
  const missing = ids.filter((_, i) => Boolean(form.getFieldState(`studentIds.${i}`, form.formState).error));
  const removeMissing = () => {
    keptSelection("students").set(missing, false);
    form.clearErrors("studentIds");
    form.setValue(
      "studentIds",
      ids.filter((id) => !missing.includes(id)),
    );
  };

  // The review is of one selection and one destination: a change of either asks for it again.
  const current = reviewed && reviewed.request.toSchoolId === (toSchoolId || null) && reviewed.request.toClassId === (toClassId || null) ? reviewed : null;
  const remove = (line: StudentMoveLine) => {
    keptSelection("students").set([line.student.id], false);
    const studentIds = ids.filter((id) => id !== line.student.id);
    form.setValue("studentIds", studentIds);
    setReviewed((r) => (r ? { request: { ...r.request, studentIds }, moves: r.moves.filter((m) => m.student.id !== line.student.id) } : r));
    toast.success(`${line.student.name} was taken out of the selection.`);
  };
  const confirm = async () => {
    if (!current) return;
    setConfirming(false);
    await move.run(current.request);
  };
  const toMove = current ? current.moves.filter((m) => !m.alreadyThere) : [];
  const skipped = current ? current.moves.length - toMove.length : 0;
  const destination = toMove[0]?.to;

  return (
    <form
      {...formWithoutScript}
      onFocus={validation.warm}
      noValidate
      aria-label="Move pupils"
      onSubmit={form.handleSubmit((request) => review.run({ ...request, studentIds: ids }), onInvalidSubmit)}
      className="flex flex-col gap-5"
    >
      {busy ? <LoadingOverlay /> : null}
      <SelectionSummary count={pupils(ids.length)} action="move" back={back} error={errors.studentIds?.message} />
      {missing.length > 0 ? (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-md border border-danger p-3 text-sm">
          <p>{pupils(missing.length)} of the selection could not be found: they may have left your reach, or been removed. Take them out to go on.</p>
          <Button variant="secondary" onClick={removeMissing}>
            Remove them from the selection
          </Button>
        </div>
      ) : null}
      <div className="grid gap-4 rounded-lg border border-border bg-card p-5 sm:grid-cols-2">
        {can.listSchools ? (
          <SelectField
            label="New school"
            placeholder={schools.isPending ? loadingTexts.schools : "Keep each pupil's school"}
            options={(schools.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            error={errors.toSchoolId?.message ?? (schools.isError ? schools.error.message : undefined)}
            {...form.register("toSchoolId", { onChange: () => form.setValue("toClassId", "") })}
          />
        ) : null}
        {can.listClasses ? (
          <div className="flex flex-col gap-1">
            <SelectField
              label="New class"
              placeholder={classes.isPending ? loadingTexts.default : toSchoolId ? "No class yet" : "Keep each pupil's class"}
              options={classOptions}
              error={errors.toClassId?.message ?? (classes.isError ? classes.error.message : undefined)}
              {...form.register("toClassId")}
            />
            {moreClasses ? <p className="text-xs text-muted-foreground">Not every class is listed: choose the new school to list all of its classes.</p> : null}
          </div>
        ) : null}
        <p className="text-sm text-muted-foreground sm:col-span-2">
          A class, when chosen, must belong to the new school (or, keeping their school, to each pupil&apos;s own school). The move can be undone as a whole for
          a day, if none of its pupils changes meanwhile.
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={current ? "secondary" : "primary"} disabled={busy}>
          Review
        </Button>
        {current ? (
          <Button onClick={() => setConfirming(true)} disabled={busy || toMove.length === 0}>
            Confirm move
          </Button>
        ) : null}
      </div>
      {current ? <MoveReview moves={current.moves} onRemove={remove} /> : null}
      {current && confirming ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (open ? undefined : setConfirming(false))}
          title={`Move ${pupils(toMove.length)}${destination ? ` to ${destination.class ? `${destination.class.name}, ` : ""}${destination.school.name}` : ""}?`}
          description={`Each pupil's school and class change as the review lists, in one step${skipped > 0 ? `; ${pupils(skipped)} already there ${skipped === 1 ? "is" : "are"} left as they are` : ""}. The move can be undone as a whole for a day from the list of moves.`}
          confirmLabel="Move pupils"
          busy={move.busy}
          onConfirm={() => void confirm()}
        />
      ) : null}
    </form>
  );
}
