/** Label and value pairs; empty values read as 'Not set'. */
export function DetailList({ items }: { items: [label: string, value: string | null | undefined][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 rounded-lg border border-border bg-card p-5 sm:grid-cols-2">
      {items.map(([label, value]) => (
        // min-w-0 and break-words: a long e-mail address wraps instead of widening a phone's screen.
        <div key={label} className="min-w-0">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-medium break-words">{value || <span className="font-normal text-muted-foreground">Not set</span>}</dd>
        </div>
      ))}
    </dl>
  );
}
