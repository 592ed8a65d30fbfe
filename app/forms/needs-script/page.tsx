import type { Metadata } from "next";
import Link from "next/link";
import { backPath } from "@/lib/form-without-script";
import "@/app/globals.css";

const title = "This page needs its script";
export const metadata: Metadata = { title };

/** Where a form sent without the page's script lands (lib/form-without-script.ts): readable without script, signed in or not. */
export default async function NeedsScriptPage({ searchParams }: { searchParams: Promise<{ from?: string | string[] }> }) {
  const { from } = await searchParams;
  const back = backPath(typeof from === "string" ? from : null);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="max-w-md text-muted-foreground">
        The form was not sent: the page had not finished loading, or its script was blocked. Nothing you typed was kept. Go back, wait until the page has
        loaded, and try again.
      </p>
      <Link href={back} className="inline-flex min-h-11 items-center rounded-md bg-primary px-5 font-semibold text-primary-foreground hover:opacity-90">
        Back to the page
      </Link>
    </main>
  );
}
