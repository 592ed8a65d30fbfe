"use client";

import { SelectField } from "@/components/form/select-field";
import type { ClassFilters } from "@/lib/queries/classes";
import { useClassTypes } from "@/lib/queries/classes";
import { useDistrictSchools } from "@/lib/queries/schools";

type Props = { districtId: string; filters: ClassFilters; onChange: (change: Partial<ClassFilters>) => void };

/** The list's filters: a school and a class type (each kept in the URL by the list). */
export function ClassFilterBar({ districtId, filters, onChange }: Props) {
  const schools = useDistrictSchools(districtId);
  const types = useClassTypes();
  // A choice in the URL that the lists do not (yet) hold still shows as chosen.
  const keep = (options: { value: string; label: string }[], value: string, label: string) =>
    value && !options.some((o) => o.value === value) ? [...options, { value, label }] : options;
  return (
    <div role="search" aria-label="Filter classes" className="grid gap-3 sm:grid-cols-2">
      <SelectField
        label="School"
        options={keep(
          (schools.data ?? []).map((s) => ({ value: s.id, label: s.name })),
          filters.school,
          "The chosen school",
        )}
        placeholder="All schools"
        value={filters.school}
        onChange={(event) => onChange({ school: event.target.value })}
      />
      <SelectField
        label="Class type"
        options={keep(
          (types.data ?? []).map((t) => ({ value: t.id, label: t.name })),
          filters.classType,
          "The chosen class type",
        )}
        placeholder="All class types"
        value={filters.classType}
        onChange={(event) => onChange({ classType: event.target.value })}
      />
    </div>
  );
}
