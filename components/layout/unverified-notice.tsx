import { LazyRegistrationStatus } from "./registration-status-lazy";

/**
 * Spec §2 'Unverified page': shown while the district's account is not Active. A self-registered
 * district also shows where its review stands: the reviewers' reason when they asked for changes.
 */
export function UnverifiedNotice({ districtTerm, districtId, isOwner }: { districtTerm: string; districtId: string; isOwner: boolean }) {
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Your {districtTerm.toLowerCase()} is being reviewed</h1>
      <p>The information you provided is being reviewed. You will be notified once it is approved, and then every operation of the portal becomes available.</p>
      <LazyRegistrationStatus districtId={districtId} isOwner={isOwner} districtTerm={districtTerm} />
    </main>
  );
}
