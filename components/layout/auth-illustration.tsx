/** The auth layout's illustration: a school building under a sky, drawn inline so it costs no request. */
export function AuthIllustration() {
  return (
    <svg viewBox="0 0 400 320" role="img" aria-label="A school building" className="h-auto w-full max-w-md">
      <rect x="0" y="0" width="400" height="320" rx="24" className="fill-primary/10" />
      <circle cx="320" cy="70" r="30" className="fill-amber-400" />
      <rect x="70" y="150" width="260" height="130" className="fill-primary/70" />
      <polygon points="60,150 200,80 340,150" className="fill-primary" />
      <rect x="180" y="210" width="40" height="70" className="fill-card" />
      {[95, 135, 245, 285].map((x) => (
        <rect key={x} x={x} y="175" width="24" height="24" className="fill-card" />
      ))}
      <rect x="196" y="40" width="4" height="45" className="fill-foreground/60" />
      <rect x="200" y="40" width="30" height="18" className="fill-success" />
      <rect x="0" y="280" width="400" height="40" className="fill-success/40" />
    </svg>
  );
}
