import { Mail, MapPin, Phone } from "lucide-react";
import { RecordHistory } from "@/components/audit/record-history";
import type { HistoryAccess } from "@/lib/audit-access";
import type { LgeaItem } from "@/lib/contract/lgea";

/** One LGEA portal of the list: its name, local government, administrators ('Not Assigned' when none), counts, address and contacts. */
export function LgeaCard({ lgea, history }: { lgea: LgeaItem; history: HistoryAccess }) {
  const contacts = lgea.phoneNumbers.length + lgea.emails.length;
  return (
    <article aria-label={lgea.name} className="flex min-w-0 flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 className="break-words text-base font-semibold">{lgea.name}</h2>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
        <div className="col-span-2">
          <dt className="text-xs text-muted-foreground">Local government</dt>
          <dd>{lgea.localGovernment}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-xs text-muted-foreground">{lgea.administrators.length > 1 ? "Administrators" : "Administrator"}</dt>
          <dd>
            {lgea.administrators.length === 0 ? (
              <span className="text-muted-foreground">Not Assigned</span>
            ) : (
              <ul className="flex flex-col gap-1">
                {lgea.administrators.map((admin) => (
                  <li key={admin.id} className="break-words">
                    <span className="font-medium">
                      {admin.firstName} {admin.lastName}
                    </span>{" "}
                    <span className="text-muted-foreground">({admin.email})</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Schools</dt>
          <dd className="font-medium tabular-nums">{lgea.schools.toLocaleString("en")}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Staff</dt>
          <dd className="font-medium tabular-nums">{lgea.staff.toLocaleString("en")}</dd>
        </div>
      </dl>
      <div className="flex flex-col gap-1 border-t border-border pt-3 text-sm">
        <p className="flex items-start gap-2">
          <MapPin size={16} className="mt-0.5 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0 break-words">{lgea.address || <span className="text-muted-foreground">No address given.</span>}</span>
        </p>
        {lgea.phoneNumbers.map((phone) => (
          <p key={phone} className="flex items-start gap-2">
            <Phone size={16} className="mt-0.5 shrink-0 text-muted-foreground" aria-hidden />
            <a href={`tel:${phone}`} className="break-all text-primary hover:underline">
              {phone}
            </a>
          </p>
        ))}
        {lgea.emails.map((email) => (
          <p key={email} className="flex items-start gap-2">
            <Mail size={16} className="mt-0.5 shrink-0 text-muted-foreground" aria-hidden />
            <a href={`mailto:${email}`} className="break-all text-primary hover:underline">
              {email}
            </a>
          </p>
        ))}
        {contacts === 0 ? <p className="text-muted-foreground">No phone number or e-mail given.</p> : null}
      </div>
      {history ? <RecordHistory access={history} recordId={lgea.id} recordName={lgea.name} /> : null}
    </article>
  );
}
