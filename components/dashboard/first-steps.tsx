import { CheckCircle2, Circle } from "lucide-react";
import { NavLink } from "@/components/ui/nav-link";
import type { FirstStep } from "./dashboard-links";

/** A new district's first steps, each a link to where it is done; a step done is ticked. */
export function FirstSteps({ steps }: { steps: FirstStep[] }) {
  return (
    <section aria-labelledby="first-steps" className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4">
      <h2 id="first-steps" className="text-lg font-semibold">
        First steps
      </h2>
      <p className="text-sm text-muted-foreground">Your district is ready. These steps bring its figures to life.</p>
      <ol className="flex flex-col gap-1">
        {steps.map((step) => (
          <li key={step.label} className="flex min-h-11 items-center gap-2">
            {step.done ? <CheckCircle2 size={18} className="text-success" aria-hidden /> : <Circle size={18} aria-hidden />}
            {step.href && !step.done ? (
              <NavLink href={step.href} className="font-semibold text-primary hover:underline">
                {step.label}
              </NavLink>
            ) : (
              <span className={step.done ? "text-muted-foreground line-through" : ""}>{step.label}</span>
            )}
            {step.done ? <span className="sr-only">(done)</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
