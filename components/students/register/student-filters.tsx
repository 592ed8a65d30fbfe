"use client";

import { SelectField } from "@/components/form/select-field";
import { RegisterFilterBar } from "@/components/register/filter-bar";
import { DateRangeFilter, FilterSelect, PlaceFilter, placeFilterKeys, SchoolFilter } from "@/components/register/filter-fields";
import { genderEnum } from "@/lib/contract/staff-values";
import { enrolmentStatuses } from "@/lib/contract/students-values";
import { accountStatusOptions } from "@/lib/contract/user";
import { useSchoolClasses } from "@/lib/queries/classes";
import { ALL_ENROLMENT_STATUSES, DEFAULT_ENROLMENT_STATUS, type StudentFilterKey, type StudentFilters } from "@/lib/queries/students";

type Props = {
  districtId: string;
  filters: StudentFilters;
  onChange: (change: StudentFilters) => void;
  /** The school and class choices need the lists they come from (school.view, class.view). */
  can: { schools: boolean; classes: boolean };
};

const moreKeys = ["gender", "enrolmentStatus", "accountStatus", "startDate", "endDate", ...placeFilterKeys] as const satisfies readonly StudentFilterKey[];

const enrolmentOptions = [{ value: ALL_ENROLMENT_STATUSES, label: "All" }, ...enrolmentStatuses];

/** The chosen school's classes (GET /class/view-all?school=…, class.view); none to choose until a school is. */
function ClassFilter({ school, value, onChange }: { school: string; value: string; onChange: (value: string) => void }) {
  const classes = useSchoolClasses(school, Boolean(school));
  const options = school ? (classes.data ?? []).map((c) => ({ value: c.id, label: c.name })) : [];
  return (
    <SelectField
      label="Class"
      // Until the classes come, the chosen one still shows as chosen.
      options={options.length > 0 || !value ? options : [{ value, label: "Chosen class" }]}
      placeholder={school ? "All classes" : "Choose a school first"}
      disabled={!school}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * The admission register's filters (spec §3 'Search filters: students', plus class and enrolment status):
 * the search box over names and admission number, school and its classes, and the rest under 'More filters'.
 */
export function StudentFilterBar({ districtId, filters, onChange, can }: Props) {
  const set = (key: StudentFilterKey) => (value: string) => onChange({ [key]: value });
  const school = filters.school ?? "";
  return (
    <RegisterFilterBar
      label="Filter students"
      search={{ label: "Search students", placeholder: "Name or admission number" }}
      filters={filters}
      onChange={onChange}
      moreKeys={moreKeys}
      primary={
        <>
          {can.schools ? (
            // Another school's classes are not this one's: the class choice starts again.
            <SchoolFilter districtId={districtId} value={school} onChange={(value) => onChange({ school: value, class: "" })} />
          ) : null}
          {can.classes ? <ClassFilter key={school} school={school} value={filters.class ?? ""} onChange={set("class")} /> : null}
        </>
      }
      more={
        <>
          <FilterSelect filterKey="gender" label="Gender" options={genderEnum} placeholder="Any gender" filters={filters} onChange={onChange} />
          <SelectField
            label="Enrolment status"
            options={enrolmentOptions}
            value={filters.enrolmentStatus || DEFAULT_ENROLMENT_STATUS}
            // Enrolled is the register's default: left out of the URL.
            onChange={(event) => set("enrolmentStatus")(event.target.value === DEFAULT_ENROLMENT_STATUS ? "" : event.target.value)}
          />
          <FilterSelect
            filterKey="accountStatus"
            label="Account status"
            options={accountStatusOptions}
            placeholder="Any status"
            filters={filters}
            onChange={onChange}
          />
          <DateRangeFilter from="Admitted from" until="Admitted until" filters={filters} onChange={onChange} />
          <PlaceFilter kind="Residence" filters={filters} onChange={onChange} />
          <PlaceFilter kind="Origin" filters={filters} onChange={onChange} />
        </>
      }
    />
  );
}
