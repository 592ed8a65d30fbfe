"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/text-field";
import { billingMessages, formatNaira, maxReasonLength, type TransactionLogItem } from "@/lib/contract/billing-values";
import { billingApi, clientApi } from "@/lib/client-api";
import { billingKeys } from "@/lib/queries/billing";
import { walletKeys } from "@/lib/queries/wallet";
import { toast } from "@/lib/notify";
import { useApiMutation } from "@/lib/use-api-mutation";

const reverse = ({ id, reason }: { id: string; reason: string }) =>
  clientApi<{ message: string; entry: TransactionLogItem }>(billingApi(`transaction-logs/reverse/${encodeURIComponent(id)}`), {
    method: "POST",
    json: { reason },
  });

/**
 * A super administrator's correction: a reversing entry with its reason (the entry itself is never
 * changed). Reversals, and entries already reversed, offer nothing.
 */
export function ReverseEntry({ entry }: { entry: TransactionLogItem }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const call = useApiMutation(reverse, {
    inPlace: true,
    invalidates: [billingKeys.all, walletKeys.all],
    onSuccess: (result) => {
      toast.success(result.message);
      setOpen(false);
      setReason("");
    },
  });
  if (entry.action === "REVERSAL") return null;
  if (entry.reversedById) return <span className="text-sm text-muted-foreground">Reversed</span>;
  const submit = () => {
    if (!reason.trim()) return setError(billingMessages.reasonRequired);
    setError(undefined);
    void call.run({ id: entry.id, reason: reason.trim() });
  };
  return (
    <>
      <Button variant="secondary" className="min-h-9 px-3" onClick={() => setOpen(true)} aria-label={`Reverse ${entry.reference}`}>
        Reverse
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={`Reverse ${entry.reference}?`}
        description={`A reversing entry of ${formatNaira(entry.amount)} is added with your reason; this entry stays as it is.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={call.busy}>
              Cancel
            </Button>
            <Button className="bg-danger text-white" onClick={submit} disabled={call.busy}>
              Reverse the transaction
            </Button>
          </>
        }
      >
        <TextField label="Reason" maxLength={maxReasonLength} value={reason} onChange={(e) => setReason(e.target.value)} error={error} />
      </Dialog>
    </>
  );
}
