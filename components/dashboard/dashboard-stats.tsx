"use client";

import { useMemo } from "react";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { loadingTexts } from "@/lib/contract/messages";
import type { Operation } from "@/lib/contract/permissions";
import { useDashboardInformation } from "@/lib/queries/district";
import { dashboardFigures, firstSteps } from "./dashboard-links";
import { FirstSteps } from "./first-steps";
import { StatCard } from "./stat-card";
import { StudentsChart } from "./students-chart";

type Props = { districtId: string; permissions: Operation[]; isOwner: boolean };

export function DashboardStats({ districtId, permissions, isOwner }: Props) {
  const info = useDashboardInformation(districtId);
  const may = useMemo(() => new Set(permissions), [permissions]);
  if (info.isPending) return <LoadingOverlay text={loadingTexts.dashboard} />;
  if (info.isError) return <p role="alert">{info.error.message}</p>;
  const steps = firstSteps(info.data, may, isOwner);
  return (
    <section aria-label="District figures" className="flex flex-col gap-4">
      {steps ? <FirstSteps steps={steps} /> : null}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {dashboardFigures(info.data, may).map((card, i) => (
          <StatCard key={card.label} index={i} {...card} />
        ))}
      </div>
      <StudentsChart rows={info.data.studentsPerLgea} />
    </section>
  );
}
