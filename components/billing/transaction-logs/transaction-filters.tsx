"use client";

import { DateField } from "@/components/form/date-field";
import { SelectField } from "@/components/form/select-field";
import { RegisterFilterBar } from "@/components/register/filter-bar";
import { transactionActionLabels, transactionActions } from "@/lib/contract/billing-values";
import type { TransactionLogFilterKey, TransactionLogFilterValues } from "@/lib/queries/billing";
import { useDistrictSchools } from "@/lib/queries/schools";

type Props = {
  districtId: string;
  filters: TransactionLogFilterValues;
  onChange: (change: TransactionLogFilterValues) => void;
  /** The school choice needs the list it comes from (school.view). */
  canListSchools: boolean;
};

const moreKeys = ["startDate", "endDate"] as const satisfies readonly TransactionLogFilterKey[];
const actionOptions = transactionActions.map((value) => ({ value, label: transactionActionLabels[value] }));

/** The district's schools (GET /school/get-by-district, school.view). */
function SchoolFilter({ districtId, value, onChange }: { districtId: string; value: string; onChange: (value: string) => void }) {
  const schools = useDistrictSchools(districtId);
  const options = (schools.data ?? []).map((s) => ({ value: s.id, label: s.name }));
  return (
    <SelectField
      label="School"
      // Until the schools come, the chosen one still shows as chosen.
      options={options.length > 0 || !value ? options : [{ value, label: "Chosen school" }]}
      placeholder="All schools"
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * The logs' filters (spec §3 'Search filters: Transaction logs'): the search box over reference, description
 * and school name, the school and the transaction action, and the days (Lagos time) under 'More filters'.
 */
export function TransactionLogFilterBar({ districtId, filters, onChange, canListSchools }: Props) {
  const set = (key: TransactionLogFilterKey) => (value: string) => onChange({ [key]: value });
  return (
    <RegisterFilterBar
      label="Filter transaction logs"
      search={{ label: "Search transactions", placeholder: "Reference, description or school" }}
      filters={filters}
      onChange={onChange}
      moreKeys={moreKeys}
      primary={
        <>
          {canListSchools ? <SchoolFilter districtId={districtId} value={filters.school ?? ""} onChange={set("school")} /> : null}
          <SelectField
            label="Transaction action"
            options={actionOptions}
            placeholder="All actions"
            value={filters.transactionAction ?? ""}
            onChange={(event) => set("transactionAction")(event.target.value)}
          />
        </>
      }
      more={
        <>
          <DateField label="From" value={filters.startDate ?? ""} onValueChange={set("startDate")} />
          <DateField label="Until" value={filters.endDate ?? ""} onValueChange={set("endDate")} />
        </>
      }
    />
  );
}
