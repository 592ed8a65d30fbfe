"use client";

import { useFormContext } from "react-hook-form";
import { SelectField } from "@/components/form/select-field";
import type { NewStaffInput } from "@/lib/contract/staff";
import { useDistrictLgeas } from "@/lib/queries/lgeas";
import { useDistrictSchools } from "@/lib/queries/schools";

export type PostingKind = "school" | "lgea" | "district";

type Props = { districtId: string; districtOffice: boolean; kind: PostingKind; onKind: (kind: PostingKind) => void };

/**
 * Where the new staff member is posted (architecture 'Staff'): a school, an LGEA office, or the district
 * office (offered only to staff working at district level). The kind is the form's to check: a school
 * chosen as the kind but not picked must not fall back to the district office.
 */
export function PostingFields({ districtId, districtOffice, kind, onKind }: Props) {
  const { register, setValue, formState } = useFormContext<NewStaffInput>();
  const schools = useDistrictSchools(districtId);
  const lgeas = useDistrictLgeas(districtId, kind === "lgea");
  const choose = (next: PostingKind) => {
    onKind(next);
    if (next !== "school") setValue("schoolId", "");
    if (next !== "lgea") setValue("lgeaId", "");
  };
  const kinds: [PostingKind, string][] = [
    ["school", "A school"],
    ["lgea", "An LGEA office"],
    ...(districtOffice ? ([["district", "The district office"]] as [PostingKind, string][]) : []),
  ];
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-semibold">Posting</legend>
      <div className="flex flex-wrap gap-4" role="radiogroup" aria-label="Posted at">
        {kinds.map(([value, label]) => (
          <label key={value} className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
            <input
              type="radio"
              name="posting-kind"
              value={value}
              checked={kind === value}
              onChange={() => choose(value)}
              className="accent-[rgb(var(--primary))]"
            />
            {label}
          </label>
        ))}
      </div>
      {kind === "school" ? (
        <SelectField
          label="School"
          options={(schools.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          placeholder="Choose a school"
          error={formState.errors.schoolId?.message}
          {...register("schoolId")}
        />
      ) : null}
      {kind === "lgea" ? (
        <SelectField
          label="LGEA office"
          options={(lgeas.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
          placeholder="Choose an LGEA office"
          error={formState.errors.lgeaId?.message}
          {...register("lgeaId")}
        />
      ) : null}
    </fieldset>
  );
}
