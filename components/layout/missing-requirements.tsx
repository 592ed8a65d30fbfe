"use client";

import { Info } from "lucide-react";
import { useState } from "react";
import { Dialog } from "@/components/ui/dialog";
import type { MissingRequirements as Missing, PortalRequirements } from "@/lib/contract/user";

type InfoTopic = "state-requirement" | "district-requirement";

const infoCentre: Record<InfoTopic, { title: string; body: string }> = {
  "state-requirement": {
    title: "State requirements",
    body: "Things the state portal must have in place before its districts can work, such as policy documents. The state administrator completes them; the portal opens once every one is completed.",
  },
  "district-requirement": {
    title: "District requirements",
    body: "Things the state needs from this district, such as its contact details. They are checked and marked completed by the state administrator; send what is asked to the contacts below.",
  },
};

function RequirementTable({
  caption,
  portal,
  topic,
  onInfo,
}: {
  caption: string;
  portal: PortalRequirements;
  topic: InfoTopic;
  onInfo: (t: InfoTopic) => void;
}) {
  return (
    <section className="rounded-lg border border-border bg-card p-4" aria-label={caption}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="font-semibold">{caption}</h2>
        <button
          type="button"
          aria-label={`About ${caption.toLowerCase()}`}
          onClick={() => onInfo(topic)}
          className="rounded p-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-primary"
        >
          <Info size={18} aria-hidden />
        </button>
      </div>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-border">
            <th className="py-2 pr-2">Description</th>
            <th className="py-2">Status</th>
          </tr>
        </thead>
        <tbody>
          {portal.requirements.length === 0 ? (
            <tr>
              <td colSpan={2} className="py-2 text-muted-foreground">
                None.
              </td>
            </tr>
          ) : null}
          {portal.requirements.map((r) => (
            <tr key={r.id} className="border-b border-border last:border-0">
              <td className="py-2 pr-2">{r.description}</td>
              <td className={`py-2 font-medium ${r.completed ? "text-success" : "text-danger"}`}>{r.completed ? "Completed" : "Uncompleted"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function ContactTable({ caption, portal }: { caption: string; portal: PortalRequirements }) {
  return (
    <section className="rounded-lg border border-border bg-card p-4" aria-label={caption}>
      <h2 className="mb-2 font-semibold">{caption}</h2>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-border">
            <th className="py-2 pr-2">Phone numbers</th>
            <th className="py-2">E-mails</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className="py-2 pr-2 align-top">{portal.contact.phoneNumbers.map((p) => p.local).join(", ") || "—"}</td>
            <td className="break-all py-2 align-top">{portal.contact.emails.join(", ") || "—"}</td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}

/** Spec §2 'Missing requirements page': the portal is closed until the state's checklists are complete. */
export function MissingRequirements({ missing }: { missing: Missing }) {
  const [topic, setTopic] = useState<InfoTopic | null>(null);
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-6">
      <h1 className="text-2xl font-bold">Missing requirements</h1>
      <p>
        Some requirements this portal needs are missing at the state level, so the portal is closed for now. Please contact the state admin using the details
        below; the portal opens as soon as every requirement is completed.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <RequirementTable caption="State requirements" portal={missing.statePortal} topic="state-requirement" onInfo={setTopic} />
        <RequirementTable caption="District requirements" portal={missing.districtPortal} topic="district-requirement" onInfo={setTopic} />
        <ContactTable caption="State phone numbers and e-mails" portal={missing.statePortal} />
        <ContactTable caption="District phone numbers and e-mails" portal={missing.districtPortal} />
      </div>
      <Dialog open={topic !== null} onOpenChange={(o) => !o && setTopic(null)} title={topic ? infoCentre[topic].title : ""}>
        <p className="text-sm">{topic ? infoCentre[topic].body : ""}</p>
      </Dialog>
    </main>
  );
}
