"use client";

import { DateField } from "@/components/form/date-field";
import { SelectField } from "@/components/form/select-field";
import { PlaceFilter, RegisterFilterBar } from "@/components/register/filter-bar";
import { genderEnum, type StaffFilterKey, type StaffFilters } from "@/lib/contract/staff-values";
import { accountStatuses, staffTypes } from "@/lib/contract/user";
import { useDistrictSchools } from "@/lib/queries/schools";

type Props = { districtId: string; filters: StaffFilters; onChange: (change: Partial<StaffFilters>) => void };

const moreKeys = [
  "startDate",
  "endDate",
  "stateOfResidence",
  "localGovernmentOfResidence",
  "stateOfOrigin",
  "localGovernmentOfOrigin",
  "accountStatus",
  "gender",
] as const satisfies readonly StaffFilterKey[];

/** The register's filters (spec §3): the search box, the common choices, and the rest under 'More filters'. */
export function StaffFilterBar({ districtId, filters, onChange }: Props) {
  const schools = useDistrictSchools(districtId);
  const set = (key: StaffFilterKey) => (value: string) => onChange({ [key]: value });
  return (
    <RegisterFilterBar
      label="Filter staff"
      search={{ label: "Search staff", placeholder: "Name, e-mail, phone or number" }}
      filters={filters}
      onChange={onChange}
      moreKeys={moreKeys}
      primary={
        <>
          <SelectField
            label="School"
            options={(schools.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            placeholder="All schools and offices"
            value={filters.school ?? ""}
            onChange={(event) => set("school")(event.target.value)}
          />
          <SelectField
            label="Staff type"
            options={staffTypes}
            placeholder="All staff types"
            value={filters.staffType ?? ""}
            onChange={(event) => set("staffType")(event.target.value)}
          />
        </>
      }
      more={
        <>
          <DateField label="Employed from" value={filters.startDate ?? ""} onValueChange={set("startDate")} />
          <DateField label="Employed until" value={filters.endDate ?? ""} onValueChange={set("endDate")} />
          <SelectField
            label="Account status"
            options={accountStatuses}
            placeholder="Any status"
            value={filters.accountStatus ?? ""}
            onChange={(event) => set("accountStatus")(event.target.value)}
          />
          <SelectField
            label="Gender"
            options={genderEnum}
            placeholder="Any gender"
            value={filters.gender ?? ""}
            onChange={(event) => set("gender")(event.target.value)}
          />
          <PlaceFilter kind="Residence" filters={filters} onChange={onChange} />
          <PlaceFilter kind="Origin" filters={filters} onChange={onChange} />
        </>
      }
    />
  );
}
