"use client";

import { RegisterFilterBar } from "@/components/register/filter-bar";
import { DateRangeFilter, FilterSelect, PlaceFilter, placeFilterKeys, SchoolFilter } from "@/components/register/filter-fields";
import { genderEnum, type StaffFilterKey, type StaffFilters } from "@/lib/contract/staff-values";
import { accountStatusOptions, staffTypes } from "@/lib/contract/user";

type Props = { districtId: string; filters: StaffFilters; onChange: (change: Partial<StaffFilters>) => void };

const moreKeys = ["startDate", "endDate", ...placeFilterKeys, "accountStatus", "gender"] as const satisfies readonly StaffFilterKey[];

/** The register's filters (spec §3): the search box, the common choices, and the rest under 'More filters'. */
export function StaffFilterBar({ districtId, filters, onChange }: Props) {
  return (
    <RegisterFilterBar
      label="Filter staff"
      search={{ label: "Search staff", placeholder: "Name, e-mail, phone or number" }}
      filters={filters}
      onChange={onChange}
      moreKeys={moreKeys}
      primary={
        <>
          <SchoolFilter
            districtId={districtId}
            placeholder="All schools and offices"
            value={filters.school ?? ""}
            onChange={(school) => onChange({ school })}
          />
          <FilterSelect filterKey="staffType" label="Staff type" options={staffTypes} placeholder="All staff types" filters={filters} onChange={onChange} />
        </>
      }
      more={
        <>
          <DateRangeFilter from="Employed from" until="Employed until" filters={filters} onChange={onChange} />
          <FilterSelect
            filterKey="accountStatus"
            label="Account status"
            options={accountStatusOptions}
            placeholder="Any status"
            filters={filters}
            onChange={onChange}
          />
          <FilterSelect filterKey="gender" label="Gender" options={genderEnum} placeholder="Any gender" filters={filters} onChange={onChange} />
          <PlaceFilter kind="Residence" filters={filters} onChange={onChange} />
          <PlaceFilter kind="Origin" filters={filters} onChange={onChange} />
        </>
      }
    />
  );
}
