"use client";

import { useState, type FormEvent } from "react";
import { SelectField } from "@/components/form/select-field";
import { formatMoment } from "@/components/staff/transfer-dates";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { apiKeyHeader, billingMessages, maxClientNameLength, type ApiClientItem } from "@/lib/contract/billing-values";
import { apiClientKeys, apiClientMutations, useApiClients } from "@/lib/queries/api-clients";
import { useSuperAdminDistricts } from "@/lib/queries/super-admin";
import { toast } from "@/lib/notify";
import { useApiMutation } from "@/lib/use-api-mutation";
import { formWithoutScript } from "@/lib/form-without-script";

/**
 * Keys for the result-processing systems that buy report cards through the service endpoint: issued per
 * district, shown once, stored only as a hash; a revoked key stops working at once.
 */
export function ApiKeys() {
  const districts = useSuperAdminDistricts();
  const [districtId, setDistrictId] = useState("");
  const options = (districts.data?.districts ?? []).map((d) => ({ value: d.id, label: `${d.name} (${d.state.name})` }));
  return (
    <div className="flex flex-col gap-5">
      <SelectField label="District" value={districtId} onChange={(e) => setDistrictId(e.target.value)} placeholder="Choose a district" options={options} />
      {districts.isError ? <p role="alert">{districts.error.message}</p> : null}
      {districtId ? <DistrictKeys districtId={districtId} /> : null}
    </div>
  );
}

function DistrictKeys({ districtId }: { districtId: string }) {
  const clients = useApiClients(districtId);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string>();
  const [issued, setIssued] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiClientItem | null>(null);
  const issue = useApiMutation(apiClientMutations.issue, {
    inPlace: true,
    invalidates: [apiClientKeys.all],
    onSuccess: (result) => {
      toast.success(billingMessages.keyIssued);
      setName("");
      setIssued(result.key);
    },
  });
  const revoke = useApiMutation(apiClientMutations.revoke, {
    inPlace: true,
    invalidates: [apiClientKeys.all],
    onSuccess: (result) => {
      toast.success(result.message);
      setRevoking(null);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setNameError(billingMessages.clientNameRequired);
    setNameError(undefined);
    void issue.run({ districtId, name: name.trim() });
  };
  return (
    <section aria-label="API keys of the district" className="flex flex-col gap-4">
      <form
        {...formWithoutScript}
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 sm:flex-row sm:items-end"
      >
        <TextField
          className="flex-1"
          label="System name"
          placeholder="e.g. Results processing, Lagos"
          maxLength={maxClientNameLength}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={nameError}
        />
        <Button type="submit" disabled={issue.busy}>
          Issue a key
        </Button>
      </form>
      {clients.isPending ? <p role="status">Loading the keys…</p> : null}
      {clients.isError ? <p role="alert">{clients.error.message}</p> : null}
      {clients.data && clients.data.clients.length === 0 ? <p className="text-sm text-muted-foreground">No keys issued for this district.</p> : null}
      {clients.data && clients.data.clients.length > 0 ? (
        <ul className="divide-y divide-border rounded-lg border border-border bg-card">
          {clients.data.clients.map((client) => (
            <li key={client.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium">{client.name}</p>
                <p className="text-sm text-muted-foreground">
                  <code>{client.keyPrefix}…</code> · issued {formatMoment(client.createdAt)} ·{" "}
                  {client.lastUsedAt ? `last used ${formatMoment(client.lastUsedAt)}` : "never used"}
                </p>
              </div>
              {client.revokedAt ? (
                <p className="text-sm font-medium text-danger">Revoked {formatMoment(client.revokedAt)}</p>
              ) : (
                <Button variant="secondary" onClick={() => setRevoking(client)}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <Dialog
        open={issued !== null}
        onOpenChange={(open) => !open && setIssued(null)}
        title="The new API key"
        description="Copy it now: it is shown this once and cannot be read again. Send it in the x-api-key header."
        footer={<Button onClick={() => setIssued(null)}>I have copied it</Button>}
      >
        <p className="break-all rounded-md border border-border bg-muted p-3 font-mono text-sm" data-testid="issued-api-key">
          {issued}
        </p>
        <p className="text-xs text-muted-foreground">Header: {apiKeyHeader}</p>
        <Button variant="secondary" onClick={() => issued && void navigator.clipboard?.writeText(issued).then(() => toast.success("Copied"))}>
          Copy the key
        </Button>
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke this key?"
        description={`${revoking?.name ?? ""}: the system using it can no longer buy report cards. This cannot be undone; issue a new key instead.`}
        confirmLabel="Revoke the key"
        busy={revoke.busy}
        onConfirm={() => revoking && void revoke.run(revoking.id)}
      />
    </section>
  );
}
