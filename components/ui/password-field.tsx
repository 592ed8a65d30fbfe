"use client";

import { forwardRef, useState } from "react";
import { TextField, type TextFieldProps } from "./text-field";

/**
 * The show/hide glyph: an eye, struck through while the password shows. Drawn here instead of taken
 * from the icon library, which would be the only icon (about 2 KB) the sign-in pages load.
 */
function EyeGlyph({ struck }: { struck: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
      <circle cx="12" cy="12" r="3" />
      {struck ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}

export const PasswordField = forwardRef<HTMLInputElement, Omit<TextFieldProps, "type" | "trailing">>(function PasswordField(props, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      ref={ref}
      type={visible ? "text" : "password"}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          className="rounded p-2 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-primary"
        >
          <EyeGlyph struck={visible} />
        </button>
      }
      {...props}
    />
  );
});
