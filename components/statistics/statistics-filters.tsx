"use client";

import { SelectField } from "@/components/form/select-field";
import { Button } from "@/components/ui/button";
import { classLevels } from "@/lib/contract/classes-values";
import { schoolCategories } from "@/lib/contract/schools-values";
import type { StatisticsChoices } from "@/lib/contract/statistics-values";
import type { StatisticsFilterValues } from "@/lib/queries/statistics";

type Props = {
  filters: StatisticsFilterValues;
  onChange: (next: StatisticsFilterValues) => void;
  choices: StatisticsChoices | null;
  currentSession: string | null;
};

/** The current session and the four before it (the figures of a later one do not exist yet). */
function sessionsUpTo(current: string | null): string[] {
  const first = Number(current?.slice(0, 4));
  if (!Number.isInteger(first) || first < 1000) return [];
  return Array.from({ length: 5 }, (_, i) => `${first - i}/${first - i + 1}`);
}

/**
 * The statistics' filters (issue: statistics): session, LGEA, school, category, level and gender, each kept in
 * the URL so the figures on screen can be bookmarked, shared and downloaded as they are.
 */
export function StatisticsFilters({ filters, onChange, choices, currentSession }: Props) {
  const set = (change: StatisticsFilterValues) => onChange({ ...filters, ...change });
  const schools = (choices?.schools ?? []).filter((s) => !filters.lgeaId || s.lgeaId === filters.lgeaId);
  const filtered = Object.entries(filters).some(([key, value]) => key !== "session" && value);
  return (
    <div className="grid gap-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-2 lg:grid-cols-3 print:hidden">
      <SelectField
        label="Session"
        options={sessionsUpTo(currentSession)}
        placeholder={currentSession ? `Current (${currentSession})` : "Current"}
        value={filters.session ?? ""}
        onChange={(e) => set({ session: e.target.value === currentSession ? "" : e.target.value })}
      />
      <SelectField
        label="LGEA"
        options={(choices?.lgeas ?? []).map((l) => ({ value: l.id, label: l.name }))}
        placeholder="All LGEAs in reach"
        value={filters.lgeaId ?? ""}
        onChange={(e) => set({ lgeaId: e.target.value, schoolId: "" })}
      />
      <SelectField
        label="School"
        options={schools.map((s) => ({ value: s.id, label: s.name }))}
        placeholder="All schools"
        value={filters.schoolId ?? ""}
        onChange={(e) => set({ schoolId: e.target.value })}
      />
      <SelectField
        label="School category"
        options={schoolCategories}
        placeholder="All categories"
        value={filters.category ?? ""}
        onChange={(e) => set({ category: e.target.value })}
      />
      <SelectField label="Level" options={classLevels} placeholder="All levels" value={filters.level ?? ""} onChange={(e) => set({ level: e.target.value })} />
      <SelectField
        label="Gender"
        options={["Female", "Male"]}
        placeholder="Both"
        value={filters.gender ?? ""}
        onChange={(e) => set({ gender: e.target.value })}
      />
      {filtered ? (
        <Button variant="secondary" className="self-end" onClick={() => onChange({ session: filters.session ?? "" })}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
