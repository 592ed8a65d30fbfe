import type { ReactNode } from "react";
import { Footer } from "@/components/layout/footer";
import { OfflineBanner } from "@/components/layout/offline-banner";
import { QueryProvider } from "@/components/query-provider";
import "@/app/globals.css";

/** The registration page: the auth layout's offline banner and footer, wide enough for the staff form. */
export default function RegisterLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <OfflineBanner />
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-2 px-4 py-8 sm:px-8">
        <QueryProvider>{children}</QueryProvider>
      </main>
      <Footer />
    </div>
  );
}
