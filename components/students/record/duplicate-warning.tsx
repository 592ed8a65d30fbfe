"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import type { NewStudentInput, StudentDuplicates } from "@/lib/contract/students";
import { isoDay } from "@/lib/contract/local-formats";
import { studentMessages } from "@/lib/contract/students-values";
import { clientApi, districtApi } from "@/lib/client-api";
import { toast } from "@/lib/notify";
import { studentRecordReads, useStudentDuplicates, type DuplicateQuestion } from "@/lib/queries/students";
import { routes } from "@/lib/routes";
import { useDebounced } from "@/lib/use-debounced";

const day = /^\d{4}-\d{2}-\d{2}$/;

/** Saving with a possible duplicate shown and not yet answered. */
export const duplicateUnconfirmed = "Possible duplicate: tick “This is a different pupil: save anyway” to save this pupil.";

/** The duplicate check's question, once names (3 characters or more), gender and date of birth are all there; null until then. */
export function duplicateQuestion(v: { firstName?: string; lastName?: string; gender?: string; dob?: string }, exceptId?: string): DuplicateQuestion | null {
  const firstName = v.firstName?.trim() ?? "";
  const lastName = v.lastName?.trim() ?? "";
  const dob = isoDay(v.dob ?? "");
  if (firstName.length < 3 || lastName.length < 3 || !v.gender || !day.test(dob)) return null;
  return { firstName, lastName, gender: v.gender, dob, ...(exceptId ? { exceptId } : {}) };
}

/**
 * Before saving: the pupils of the district this one may duplicate, asked for exactly these values (the
 * answer of the live check when it has it). A failed check lets the save go on: the warning is a help,
 * and saving still checks everything that blocks.
 */
export function useDuplicatesBeforeSave() {
  const queryClient = useQueryClient();
  return useCallback(
    async (question: DuplicateQuestion | null): Promise<StudentDuplicates["matches"]> => {
      if (!question) return [];
      const read = studentRecordReads.duplicates(question);
      try {
        const answer = await queryClient.fetchQuery({
          queryKey: read.queryKey,
          queryFn: () => clientApi<StudentDuplicates>(districtApi(read.path)),
          staleTime: 30_000,
        });
        return answer.matches;
      } catch {
        return [];
      }
    },
    [queryClient],
  );
}

/**
 * The save's gate, shared by the new-student and edit forms: the possible duplicates of the form's own
 * values (`exceptId`: the pupil being edited) must have been answered with "save anyway" before `save` runs.
 */
export function useDuplicateGate(getValues: () => Parameters<typeof duplicateQuestion>[0], exceptId?: string) {
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const duplicatesOf = useDuplicatesBeforeSave();
  /** Runs `save` unless a possible duplicate is unanswered: then says so and moves the focus to the warning. */
  const guarded = async (save: () => Promise<unknown>) => {
    // Asked as the warning asks it (the form's own values), so a "save anyway" given there counts here.
    const question = duplicateQuestion(getValues(), exceptId);
    setChecking(true);
    const matches = await duplicatesOf(question).finally(() => setChecking(false));
    if (matches.length > 0 && confirmedFor !== questionKey(question)) {
      toast.error(duplicateUnconfirmed);
      document.getElementById("possible-duplicate")?.focus();
      return;
    }
    await save();
  };
  return { confirmedFor, setConfirmedFor, checking, guarded };
}

type Props = {
  /** Editing: the pupil's own record is no duplicate of itself. */
  exceptId?: string;
  /** The question `saveAnyway` was given for: a change of names, gender or date of birth asks again. */
  confirmedFor: string | null;
  onConfirm: (question: string | null) => void;
};

/**
 * Architecture 'Students': same names, gender and date of birth as a pupil already in the district shows
 * 'possible duplicate' with a link to each, and the user must say it is a different pupil before saving.
 */
export function DuplicateWarning({ exceptId, confirmedFor, onConfirm }: Props) {
  const { control } = useFormContext<NewStudentInput>();
  const [firstName, lastName, gender, dob] = useWatch({ control, name: ["firstName", "lastName", "gender", "dob"] });
  const typed = duplicateQuestion({ firstName, lastName, gender, dob }, exceptId);
  // Debounced as text: a new object every render must not restart the wait.
  const asked = useDebounced(questionKey(typed), 700);
  const question = asked ? (JSON.parse(asked) as DuplicateQuestion) : null;
  const duplicates = useStudentDuplicates(question);
  const matches = question ? (duplicates.data?.matches ?? []) : [];
  if (matches.length === 0) return null;
  return (
    <div role="alert" id="possible-duplicate" tabIndex={-1} className="flex flex-col gap-2 rounded-lg border border-danger bg-card p-4 text-sm outline-none">
      <p className="font-semibold">{studentMessages.possibleDuplicate}</p>
      <ul className="list-disc pl-5">
        {matches.map((d) => (
          <li key={d.id}>
            {/* In a new tab: what is typed here stays while the other record is read. */}
            <a href={routes.studentRecordOf(d.id)} className="text-primary underline" target="_blank" rel="noopener">
              {d.name}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>{" "}
            ({d.admissionNumber}, {d.school})
          </li>
        ))}
      </ul>
      <Checkbox
        label="This is a different pupil: save anyway"
        checked={confirmedFor !== null && confirmedFor === asked}
        onChange={(event) => onConfirm(event.target.checked ? asked : null)}
      />
    </div>
  );
}

/** The key a confirmation is kept under: the question as asked. */
export const questionKey = (question: DuplicateQuestion | null) => (question ? JSON.stringify(question) : null);
