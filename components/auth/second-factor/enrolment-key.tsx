import type { EnrolmentStart } from "@/lib/contract/second-factor";

/** The secret as an authenticator app takes it: the QR code (drawn by the API, shown as an image) and the key to type. */
export function EnrolmentKey({ enrolment }: { enrolment: EnrolmentStart }) {
  const qr = `data:image/svg+xml;base64,${btoa(enrolment.qrSvg)}`;
  const grouped = enrolment.secret.replace(/(.{4})/g, "$1 ").trim();
  return (
    <div className="flex flex-col items-center gap-3">
      {/* A data address drawn by our own API: a plain img, nothing for the image optimiser to fetch. */}
      <img src={qr} alt="QR code to scan with your authenticator app" width={192} height={192} className="rounded-md bg-white p-1" />
      <p className="text-center text-sm text-muted-foreground">
        Scan it with an authenticator app, or type this key:
        <br />
        <code className="break-all font-mono text-base text-foreground" aria-label="Key to type">
          {grouped}
        </code>
      </p>
    </div>
  );
}
