import type { ReactNode } from "react";

/** The id of a field's error message, for the control's aria-describedby; none when there is no error. */
export const errorIdOf = (id: string, error?: string) => (error ? `${id}-error` : undefined);

/** The border of a control: red while it has an error. */
export const controlBorder = (error?: string) => (error ? "border-danger" : "border-border");

/**
 * Every form field's frame: its label tied to the control `id`, the control, and the error message the
 * control names in aria-describedby, so a screen reader reads the message with the field.
 */
export function FieldFrame({
  id,
  label,
  error,
  className = "",
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
