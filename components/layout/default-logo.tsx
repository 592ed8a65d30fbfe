/** The portal's own mark, shown until a district uploads its logo. */
export function DefaultLogo({ className = "h-12 w-12" }: { className?: string }) {
  return (
    <svg viewBox="0 0 48 48" className={className} role="img" aria-label="District Portal">
      <rect width="48" height="48" rx="10" className="fill-primary" />
      <path d="M10 22 24 12l14 10v2H10z" className="fill-primary-foreground" />
      <rect x="14" y="26" width="20" height="12" className="fill-primary-foreground" />
      <rect x="22" y="30" width="4" height="8" className="fill-primary" />
    </svg>
  );
}
