import type { ReactNode } from "react";

/**
 * Error layout (spec §2): a title, an explanation and a HOME button to /. HOME is a plain link (a full
 * load of /, as in global-error.tsx): the root error and not-found screens come with every page's script,
 * and next/link in them was fetched twice more on every cold load (about 7 KB compressed, README
 * 'Performance'); after an error a fresh load is what home should be anyway.
 */
export function ErrorScreen({ title, explanation, action }: { title: string; explanation: string; action?: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="max-w-md text-muted-foreground">{explanation}</p>
      <div className="flex gap-3">
        {action}
        <a href="/" className="rounded-md bg-primary px-5 py-2 font-semibold text-primary-foreground hover:opacity-90">
          HOME
        </a>
      </div>
    </main>
  );
}
