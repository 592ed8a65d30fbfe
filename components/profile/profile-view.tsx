"use client";

import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { DetailList } from "@/components/layout/detail-list";
import { Button } from "@/components/ui/button";
import { loadingTexts } from "@/lib/contract/notices";
import type { StaffProfile } from "@/lib/contract/user";
import { usePrefetchAllEnum } from "@/lib/queries/reference";
import { useStaffRecord } from "@/lib/queries/staff";
import { fullName, staffDetailItems } from "@/components/staff/staff-detail-items";
import { EmailCodeDialog } from "./email-code-dialog";
import { hasProfileDraft } from "./profile-draft";
import { ProfilePictureEditor } from "./profile-picture-editor";

// The form (react-hook-form, the date, place and phone fields) comes with 'Edit profile', not with the page,
// and so do the reference lists its place and phone fields offer (about 40 KB the page's HTML no longer carries).
const loadForm = () => import("./profile-form");
const ProfileForm = dynamic(() => loadForm().then((m) => m.ProfileForm), {
  loading: () => <p role="status">{loadingTexts.default}</p>,
});

/** One's own record (read by id, so it shows the re-read after an update), its picture, and the form to change it. */
export function ProfileView({ initial, liveChecks }: { initial: StaffProfile; liveChecks: boolean }) {
  const record = useStaffRecord(initial.id);
  const staff = record.data?.staff ?? initial;
  const [editing, setEditing] = useState(false);
  // A draft typed before a reload opens the form again, where it is restored with its notice.
  useEffect(() => {
    // The tab's storage is unknown to the server render: it can only be read after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (hasProfileDraft(initial.id)) setEditing(true);
  }, [initial.id]);
  // Held here, not in the form: saving bumps the version, which gives the form a new key.
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const router = useRouter();
  const prefetchReference = usePrefetchAllEnum();
  const prepareForm = () => {
    void loadForm();
    prefetchReference();
  };
  const name = fullName(staff);
  return (
    <div className="flex flex-col gap-5">
      <EmailCodeDialog
        staffId={staff.id}
        email={pendingEmail}
        onClose={() => {
          setPendingEmail(null);
          router.refresh();
        }}
      />
      <ProfilePictureEditor staffId={staff.id} picture={staff.profilePicture} name={name} />
      {editing ? (
        <ProfileForm key={staff.version} staff={staff} liveChecks={liveChecks} onDone={() => setEditing(false)} onEmailPending={setPendingEmail} />
      ) : (
        <>
          <DetailList items={staffDetailItems(staff)} />
          <div>
            <Button onPointerEnter={prepareForm} onFocus={prepareForm} onClick={() => setEditing(true)}>
              Edit profile
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
