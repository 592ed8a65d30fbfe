"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { ContactListFields } from "@/components/form/contact-chips";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadingOverlay } from "@/components/ui/loading-overlay";
import { TextField } from "@/components/ui/text-field";
import type { DistrictProfile, DistrictUpdate } from "@/lib/contract/district";
import { logoutAfterNotice } from "@/lib/end-session";
import { lazyResolver } from "@/lib/lazy-resolver";
import { onInvalidSubmit } from "@/lib/on-invalid-submit";
import { toast } from "@/lib/notify";
import { useApiRead } from "@/lib/queries/api-read";
import { useDistrictProfile } from "@/lib/queries/district";
import { registrationCalls, registrationKeys, registrationReads } from "@/lib/queries/registration";
import { routes } from "@/lib/routes";
import { useApiMutation } from "@/lib/use-api-mutation";
import { formWithoutScript } from "@/lib/form-without-script";
import { useForm } from "@/lib/use-form";

type Values = Omit<DistrictUpdate, "version">;
const validation = lazyResolver(() => import("@/lib/contract/registration").then((m) => m.resubmissionSchema));

type Props = { isOwner: boolean; districtId: string; districtTerm: string };

/**
 * On the review notice, where a self-registered district stands: when the reviewers asked for changes,
 * their reason, and for the district's owner the district's details to correct and send back; for the
 * owner, while it is under review, the way to withdraw it.
 */
export function RegistrationStatus({ isOwner, districtId, districtTerm }: Props) {
  const own = useApiRead(registrationReads.own());
  const registration = own.data?.registration;
  if (!registration) return null;
  const underReview = registration.status === "AwaitingReview" || registration.status === "ChangesRequested";
  return (
    <>
      {registration.status === "ChangesRequested" ? (
        <section aria-labelledby="changes-heading" className="flex flex-col gap-3 rounded-lg border border-danger bg-card p-5">
          <h2 id="changes-heading" className="text-lg font-semibold">
            The reviewers asked for changes
          </h2>
          <p className="whitespace-pre-line">{registration.reason}</p>
          {isOwner ? (
            <Resubmit districtId={districtId} districtTerm={districtTerm} />
          ) : (
            <p className="text-sm text-muted-foreground">The district&apos;s administrator can make them.</p>
          )}
        </section>
      ) : null}
      {isOwner && underReview ? <Withdraw districtTerm={districtTerm} /> : null}
    </>
  );
}

/** The owner withdraws the registration (issue 35, finding 1): it closes, frees what it held, and their session ends. */
function Withdraw({ districtTerm }: { districtTerm: string }) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const term = districtTerm.toLowerCase();
  const { busy, run } = useApiMutation(() => registrationCalls.withdraw(), {
    onSuccess: ({ message }) => logoutAfterNotice(message).catch(() => router.replace(routes.logout)),
  });
  return (
    <section aria-labelledby="withdraw-heading" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-5">
      <h2 id="withdraw-heading" className="text-lg font-semibold">
        Withdraw the registration
      </h2>
      <p className="text-sm text-muted-foreground">
        If you no longer want to register this {term}, withdraw it: the review stops, its name, your e-mail, username, phone and staff numbers are free again,
        and you are logged out.
      </p>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={() => setConfirming(true)} disabled={busy}>
          Withdraw the registration
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Withdraw the registration?"
        description={`The ${term} is not registered, your account closes with it and you are logged out. To register later, start again.`}
        confirmLabel="Withdraw"
        busy={busy}
        onConfirm={() => {
          setConfirming(false);
          void run();
        }}
      />
    </section>
  );
}

/** The district's details as they are, then the form to correct them. */
function Resubmit({ districtId, districtTerm }: { districtId: string; districtTerm: string }) {
  const profile = useDistrictProfile(districtId);
  if (!profile.data) return <p role="status">Loading…</p>;
  return <ResubmitForm district={profile.data.district} districtTerm={districtTerm} />;
}

function ResubmitForm({ district, districtTerm }: { district: DistrictProfile; districtTerm: string }) {
  const form = useForm<Values>({
    resolver: validation.resolver,
    defaultValues: { name: district.name, address: district.address ?? "", phoneNumbers: district.phoneNumbers, emails: district.emails },
  });
  const { errors } = form.formState;
  const { busy, run } = useApiMutation((values: Values) => registrationCalls.resubmit(values), {
    form,
    inPlace: true,
    invalidates: [registrationKeys.own],
    onSuccess: (answer) => toast.success(answer.message),
  });
  return (
    <form
      {...formWithoutScript}
      onFocus={validation.warm}
      noValidate
      aria-label="Correct the district's details"
      onSubmit={form.handleSubmit(run, onInvalidSubmit)}
      className="flex flex-col gap-4"
    >
      {busy ? <LoadingOverlay /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={`${districtTerm} name`} error={errors.name?.message} {...form.register("name")} />
        <TextField label="Address" error={errors.address?.message} {...form.register("address")} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <ContactListFields control={form.control} emailPlaceholder="office@district.example" />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          Send for review again
        </Button>
      </div>
    </form>
  );
}
