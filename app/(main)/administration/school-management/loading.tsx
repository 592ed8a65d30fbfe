import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { loadingTexts } from "@/lib/contract/messages";

export default function Loading() {
  return <LoadingOverlay text={loadingTexts.schools} />;
}
