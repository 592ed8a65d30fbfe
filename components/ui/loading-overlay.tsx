import { loadingTexts } from "@/lib/contract/notices";

/** Covers the page while work is under way, with one of the spec's loading texts. */
export function LoadingOverlay({ text = loadingTexts.default }: { text?: string }) {
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 z-50 flex items-center justify-center bg-background/80">
      <div className="flex items-center gap-3 rounded-lg border border-border bg-card px-5 py-4 shadow-lg">
        <span className="h-5 w-5 animate-spin rounded-full border-2 border-primary border-t-transparent" aria-hidden />
        <span className="text-sm font-medium">{text}</span>
      </div>
    </div>
  );
}
