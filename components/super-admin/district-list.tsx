"use client";

import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { useSuperAdminDistricts } from "@/lib/queries/super-admin";
import { DistrictPanel } from "./district-panel";

export function DistrictList() {
  const districts = useSuperAdminDistricts();
  if (districts.isPending) return <LoadingOverlay />;
  if (districts.isError) return <p role="alert">{districts.error.message}</p>;
  if (districts.data.districts.length === 0) return <p className="text-muted-foreground">There are no districts yet.</p>;
  return (
    <div className="flex flex-col gap-4">
      {districts.data.districts.map((d) => (
        <DistrictPanel key={d.id} district={d} />
      ))}
    </div>
  );
}
