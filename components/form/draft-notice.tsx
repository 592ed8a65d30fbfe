"use client";

import { Button } from "@/components/ui/button";
import type { Draft } from "@/lib/form-draft";

/** Says that a draft typed earlier in this tab was put back (lib/form-draft.ts), with the choice to discard it. */
export function DraftNotice({ draft }: { draft: Pick<Draft, "restored" | "discard"> }) {
  if (!draft.restored) return null;
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border bg-muted px-3 py-2 text-sm">
      <span>What you typed earlier in this tab was restored. It is not saved yet.</span>
      <Button variant="secondary" onClick={draft.discard}>
        Discard draft
      </Button>
    </div>
  );
}
