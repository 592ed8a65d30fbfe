/** Spec §2 'Unverified page': shown while the district's account is not Active. */
export function UnverifiedNotice({ districtTerm }: { districtTerm: string }) {
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-3 px-4 py-10">
      <h1 className="text-2xl font-bold">Your {districtTerm.toLowerCase()} is being reviewed</h1>
      <p>The information you provided is being reviewed. You will be notified once it is approved, and then every operation of the portal becomes available.</p>
    </main>
  );
}
