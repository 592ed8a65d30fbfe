"use client";

import { RegisterTable, type RegisterColumn } from "@/components/register/register-table";
import { formatDay } from "@/components/staff/transfer-dates";
import { NavLink } from "@/components/ui/nav-link";
import type { StudentListItem } from "@/lib/contract/students";
import { routes } from "@/lib/routes";

type Props = {
  rows: StudentListItem[];
  caption: string;
  /** null: no selection column (without student.update there is no group move to select for). */
  selection: { isSelected: (id: string) => boolean; onSelect: (ids: string[], selected: boolean) => void } | null;
};

/** A pupil's names as the register shows them: first, middle, last. */
export const studentName = (s: Pick<StudentListItem, "firstName" | "middleName" | "lastName">) =>
  [s.firstName, s.middleName, s.lastName].filter(Boolean).join(" ");

const statusTone: Record<string, string> = { Enrolled: "text-success", Withdrawn: "text-danger" };

const columns: RegisterColumn<StudentListItem>[] = [
  { label: "Admission number", width: "sm:w-[14%]", className: "whitespace-nowrap", cell: (s) => s.admissionNumber },
  {
    label: "Name",
    rowHeader: true,
    width: "sm:w-[16%]",
    cell: (s) => (
      // No prefetch: scrolling a thousand rows past would fetch a thousand records.
      <NavLink href={routes.studentRecordOf(s.id)} prefetch={false} className="text-primary hover:underline">
        {studentName(s)}
      </NavLink>
    ),
  },
  { label: "Gender", width: "sm:w-[8%]", cell: (s) => s.gender },
  { label: "School", cell: (s) => s.school.name },
  { label: "Class", width: "sm:w-[10%]", cell: (s) => s.class?.name ?? "No class" },
  { label: "Date of admission", width: "sm:w-[18%]", className: "whitespace-nowrap", cell: (s) => formatDay(s.dateOfAdmission) },
  { label: "Status", width: "sm:w-[10%]", className: (s) => `font-medium ${statusTone[s.enrolmentStatus] ?? ""}`, cell: (s) => s.enrolmentStatus },
];

/** The admission register's table: the shared register table with the pupils' columns and the kept selection for group moves. */
export function StudentTable({ rows, caption, selection }: Props) {
  return (
    <RegisterTable
      rows={rows}
      columns={columns}
      caption={caption}
      minWidth="min-w-[880px]"
      selection={
        selection ? { ...selection, allLabel: "Select every student listed", rowLabel: (s) => `Select ${studentName(s)}, ${s.admissionNumber}` } : null
      }
    />
  );
}
