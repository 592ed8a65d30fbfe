/** Says an entry is not real money (issue 33): paid through the provider stand-in or with a test key, or spent from such money. */
export function TestMoneyMark() {
  return (
    <span className="ml-1 inline-block whitespace-nowrap rounded border border-amber-600 bg-amber-100 px-1.5 text-xs font-medium text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-100">
      Test money
    </span>
  );
}
