"use client";

import { DateField } from "@/components/form/date-field";
import { SelectField, type SelectOption } from "@/components/form/select-field";
import { useAllEnum } from "@/lib/queries/reference";
import { useDistrictSchools } from "@/lib/queries/schools";
import type { RegisterFilters } from "@/lib/register-url";

const NIGERIA = "Nigeria";

/** The filters a field reads, and the change it sends (only its own keys). */
type Bound<K extends string> = { filters: RegisterFilters<K>; onChange: (change: RegisterFilters<K>) => void };

/** A choice kept under one filter key of the URL ("" or missing: any). */
export function FilterSelect<K extends string>({
  filterKey,
  label,
  options,
  placeholder,
  filters,
  onChange,
}: { filterKey: K; label: string; options: readonly SelectOption[]; placeholder: string } & Bound<NoInfer<K>>) {
  return (
    <SelectField
      label={label}
      options={options}
      placeholder={placeholder}
      value={filters[filterKey] ?? ""}
      onChange={(event) => onChange({ [filterKey]: event.target.value } as RegisterFilters<K>)}
    />
  );
}

/** The first and last day of a register's date (the day employed, admitted, or of a transaction): `startDate` and `endDate`. */
export function DateRangeFilter({ from, until, filters, onChange }: { from: string; until: string } & Bound<"startDate" | "endDate">) {
  return (
    <>
      <DateField label={from} value={filters.startDate ?? ""} onValueChange={(startDate) => onChange({ startDate })} />
      <DateField label={until} value={filters.endDate ?? ""} onValueChange={(endDate) => onChange({ endDate })} />
    </>
  );
}

/** The district's schools (GET /school/get-by-district, school.view), chosen by id and shown by name. */
export function SchoolFilter({
  districtId,
  value,
  onChange,
  placeholder = "All schools",
  chosenLabel,
}: {
  districtId: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  /** Until the schools come, the chosen one still shows as chosen, with this label (none: it shows as the placeholder). */
  chosenLabel?: string;
}) {
  const schools = useDistrictSchools(districtId);
  const options = (schools.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  return (
    <SelectField
      label="School"
      options={chosenLabel && options.length === 0 && value ? [{ value, label: chosenLabel }] : options}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/** What the two PlaceFilters set: the state and LGA of residence, then of origin. */
export const placeFilterKeys = ["stateOfResidence", "localGovernmentOfResidence", "stateOfOrigin", "localGovernmentOfOrigin"] as const;
type PlaceKey = (typeof placeFilterKeys)[number];

/** A state and its LGA (the LGA list follows the state, and is cleared when the state changes). */
export function PlaceFilter({ kind, filters, onChange }: { kind: "Residence" | "Origin" } & Bound<PlaceKey>) {
  const reference = useAllEnum();
  const states = reference.data?.fullStateEnum.find((c) => c.name === NIGERIA)?.states ?? [];
  const stateKey = `stateOf${kind}` as const;
  const lgaKey = `localGovernmentOf${kind}` as const;
  const state = filters[stateKey] ?? "";
  const lgas = states.find((s) => s.state === state)?.lgas ?? [];
  const lower = kind.toLowerCase();
  return (
    <>
      <SelectField
        label={`State of ${lower}`}
        options={states.length > 0 ? states.map((s) => s.state) : state ? [state] : []}
        placeholder="Any state"
        value={state}
        onChange={(event) => onChange({ [stateKey]: event.target.value, [lgaKey]: "" })}
      />
      <SelectField
        label={`LGA of ${lower}`}
        options={lgas.length > 0 ? lgas : filters[lgaKey] ? [filters[lgaKey] ?? ""] : []}
        placeholder={state ? "Any LGA" : "Choose a state first"}
        disabled={!state}
        value={filters[lgaKey] ?? ""}
        onChange={(event) => onChange({ [lgaKey]: event.target.value })}
      />
    </>
  );
}
