/**
 * An e-mail address that may wrap after its `@` before anywhere else (a `<wbr>`): in a narrow column it breaks into
 * its two halves instead of in the middle of a name. Its text, for copying and for tests, is the address unchanged.
 */
export function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}
