/** The recovery codes, shown once after two-step sign-in is turned on: each signs in once in place of a code. */
export function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <section aria-labelledby="recovery-codes-title" className="rounded-md border bg-card p-4">
      <h2 id="recovery-codes-title" className="font-semibold">
        Your recovery codes
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        Keep them somewhere safe: each one signs you in once if you lose your phone. They are shown only now.
      </p>
      <ul className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </section>
  );
}
