"use client";

import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { loadingTexts } from "@/lib/contract/messages";
import { useDashboardInformation } from "@/lib/queries/district";
import { StatCard } from "./stat-card";
import { StudentsChart } from "./students-chart";

export function DashboardStats({ districtId }: { districtId: string }) {
  const info = useDashboardInformation(districtId);
  if (info.isPending) return <LoadingOverlay text={loadingTexts.dashboard} />;
  if (info.isError) return <p role="alert">{info.error.message}</p>;
  const { schools, lgeas, classes, staff, students, studentsPerLgea } = info.data;
  const cards = [
    { label: "Schools", value: schools },
    { label: "LGEAs", value: lgeas },
    { label: "Classes", value: classes },
    { label: "Staff", value: staff.total, detail: `${staff.teaching} teaching · ${staff.nonTeaching} non-teaching` },
    { label: "Students", value: students.total, detail: `${students.female} female · ${students.male} male` },
  ];
  return (
    <section aria-label="District figures" className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {cards.map((card, i) => (
          <StatCard key={card.label} index={i} {...card} />
        ))}
      </div>
      <StudentsChart rows={studentsPerLgea} />
    </section>
  );
}
