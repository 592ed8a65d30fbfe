import Link from "next/link";
import type { ReactNode } from "react";

/** Error layout (spec §2): a title, an explanation and a HOME button to /. */
export function ErrorScreen({ title, explanation, action }: { title: string; explanation: string; action?: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="max-w-md text-muted-foreground">{explanation}</p>
      <div className="flex gap-3">
        {action}
        <Link href="/" className="rounded-md bg-primary px-5 py-2 font-semibold text-primary-foreground hover:opacity-90">
          HOME
        </Link>
      </div>
    </main>
  );
}
