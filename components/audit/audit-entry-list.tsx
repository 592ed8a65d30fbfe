import { formatMoment } from "@/components/staff/transfer-dates";
import { auditFieldLabel, auditOperationLabel, auditValueText, type AuditChange, type AuditEntry } from "@/lib/contract/audit-values";
import type { StateTerminologies } from "@/lib/contract/user";

type Terms = Partial<StateTerminologies> | null;

/** A created record lists every field it was made with; past this many, the rest fold under 'Show all'. */
const SHOWN_CHANGES = 6;

function Change({ change, terms }: { change: AuditChange; terms: Terms }) {
  const before = auditValueText(change.before);
  const after = auditValueText(change.after);
  return (
    <div className="grid gap-x-3 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm font-medium text-muted-foreground">{auditFieldLabel(change.field, terms)}</dt>
      <dd className="min-w-0 break-words text-sm">
        {before ? (
          <>
            <span className="sr-only">was </span>
            <del className="text-muted-foreground">{before}</del>
            <span aria-hidden> → </span>
            <span className="sr-only">, now </span>
          </>
        ) : null}
        {after ? <ins className="no-underline">{after}</ins> : <span className="italic text-muted-foreground">(none)</span>}
      </dd>
    </div>
  );
}

/** One change to a record: what was done, to which record, by whom and when, and each field before → after. */
function Entry({ entry, terms, showRecord }: { entry: AuditEntry; terms: Terms; showRecord: boolean }) {
  const shown = entry.changes.slice(0, SHOWN_CHANGES);
  const rest = entry.changes.slice(SHOWN_CHANGES);
  return (
    <li className="rounded-lg border border-border bg-card p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h3 className="text-base font-semibold">
          {auditOperationLabel(entry.operation, terms)}
          {showRecord && entry.recordName ? <span className="font-normal">: {entry.recordName}</span> : null}
        </h3>
        <p className="text-sm text-muted-foreground">
          <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
          {" · "}
          {entry.actor?.name ?? "The system"}
        </p>
      </div>
      {entry.changes.length > 0 ? (
        <>
          <dl className="mt-3 flex flex-col gap-2">
            {shown.map((change) => (
              <Change key={change.field} change={change} terms={terms} />
            ))}
          </dl>
          {rest.length > 0 ? (
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-medium text-primary">Show all {entry.changes.length} changes</summary>
              <dl className="mt-2 flex flex-col gap-2">
                {rest.map((change) => (
                  <Change key={change.field} change={change} terms={terms} />
                ))}
              </dl>
            </details>
          ) : null}
        </>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">No field values recorded.</p>
      )}
    </li>
  );
}

/** Entries newest first; `showRecord` names each entry's record (the trail), a record's History leaves it out. */
export function AuditEntryList({ entries, terms, label, showRecord = true }: { entries: AuditEntry[]; terms: Terms; label: string; showRecord?: boolean }) {
  return (
    <ol aria-label={label} className="flex flex-col gap-3">
      {entries.map((entry) => (
        <Entry key={entry.id} entry={entry} terms={terms} showRecord={showRecord} />
      ))}
    </ol>
  );
}
