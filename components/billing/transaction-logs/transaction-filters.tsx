"use client";

import { RegisterFilterBar } from "@/components/register/filter-bar";
import { DateRangeFilter, FilterSelect, SchoolFilter } from "@/components/register/filter-fields";
import { transactionActionLabels, transactionActions } from "@/lib/contract/billing-values";
import type { TransactionLogFilterKey, TransactionLogFilterValues } from "@/lib/queries/billing";

type Props = {
  districtId: string;
  filters: TransactionLogFilterValues;
  onChange: (change: TransactionLogFilterValues) => void;
  /** The school choice needs the list it comes from (school.view). */
  canListSchools: boolean;
};

const moreKeys = ["startDate", "endDate"] as const satisfies readonly TransactionLogFilterKey[];
const actionOptions = transactionActions.map((value) => ({ value, label: transactionActionLabels[value] }));

/**
 * The logs' filters (spec §3 'Search filters: Transaction logs'): the search box over reference, description
 * and school name, the school and the transaction action, and the days (Lagos time) under 'More filters'.
 */
export function TransactionLogFilterBar({ districtId, filters, onChange, canListSchools }: Props) {
  return (
    <RegisterFilterBar
      label="Filter transaction logs"
      search={{ label: "Search transactions", placeholder: "Reference, description or school" }}
      filters={filters}
      onChange={onChange}
      moreKeys={moreKeys}
      primary={
        <>
          {canListSchools ? (
            <SchoolFilter districtId={districtId} chosenLabel="Chosen school" value={filters.school ?? ""} onChange={(school) => onChange({ school })} />
          ) : null}
          <FilterSelect
            filterKey="transactionAction"
            label="Transaction action"
            options={actionOptions}
            placeholder="All actions"
            filters={filters}
            onChange={onChange}
          />
        </>
      }
      more={<DateRangeFilter from="From" until="Until" filters={filters} onChange={onChange} />}
    />
  );
}
