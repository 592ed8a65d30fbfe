"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { toast } from "@/lib/notify";
import { accountStatusLabels, type AccountStatus } from "@/lib/contract/user";
import { staffKeys, staffMutations } from "@/lib/queries/staff";
import { useApiMutation } from "@/lib/use-api-mutation";

type Change = { to: AccountStatus; label: string; title: string; description: string; done: string };

/** What each status can become, and what that does to the person (suspending or resetting ends their sessions). */
function changesFrom(status: AccountStatus, name: string): Change[] {
  const suspend: Change = {
    to: "Suspended",
    label: "Suspend account",
    title: `Suspend ${name}?`,
    description: `${name} will be signed out everywhere and cannot sign in until the account is reactivated.`,
    done: "Account suspended",
  };
  const reactivate: Change = {
    to: "Active",
    label: "Reactivate account",
    title: `Reactivate ${name}?`,
    description: `${name} will be able to sign in again with their password.`,
    done: "Account reactivated",
  };
  const reset: Change = {
    to: "ResetPassword",
    label: "Require a new password",
    title: `Require ${name} to set a new password?`,
    description: `${name} will be signed out everywhere and must set a new password with a reset code before signing in again.`,
    done: "A new password is now required",
  };
  if (status === "Suspended") return [reactivate];
  if (status === "ResetPassword") return [suspend];
  return [suspend, reset];
}

/** Suspend, reactivate or require a new password (staff.suspend), each after a confirmation. */
export function AccountStatusPanel({ staffId, status, name }: { staffId: string; status: AccountStatus; name: string }) {
  const [asking, setAsking] = useState<Change | null>(null);
  const { busy, run } = useApiMutation((change: Change) => staffMutations.setAccountStatus(staffId, change.to), {
    inPlace: true,
    invalidates: [staffKeys.all],
    onSuccess: (_result, change) => {
      toast.success(change.done);
      setAsking(null);
    },
  });
  return (
    <section aria-labelledby="account-status" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-5">
      <h2 id="account-status" className="text-lg font-semibold">
        Account status: {accountStatusLabels[status]}
      </h2>
      <div className="flex flex-wrap gap-2">
        {changesFrom(status, name).map((change) => (
          <Button key={change.to} variant="secondary" onClick={() => setAsking(change)}>
            {change.label}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking?.title ?? ""}
        description={asking?.description ?? ""}
        confirmLabel={asking?.label ?? ""}
        busy={busy}
        onConfirm={() => asking && run(asking)}
      />
    </section>
  );
}
