import { takenBackLabels, type TakeBackAction } from "@/lib/contract/billing-values";

/** Says the provider took back a funding (issue 33): refunded, or charged back after a lost dispute; shown as the test-money mark is. */
export function TakenBackMark({ action }: { action: TakeBackAction }) {
  return (
    <span className="ml-1 inline-block whitespace-nowrap rounded border border-red-700 bg-red-50 px-1.5 text-xs font-medium text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100">
      {takenBackLabels[action]}
    </span>
  );
}
