import type { ReactNode } from "react";
import { AuthIllustration } from "@/components/layout/auth-illustration";
import { Footer } from "@/components/layout/footer";
import { OfflineBanner } from "@/components/layout/offline-banner";
import "@/app/globals.css";

/** Auth layout (spec §2): illustration on the left from medium screens up, content on the right. */
export default function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="grid min-h-dvh md:grid-cols-2">
      <OfflineBanner />
      <aside className="hidden items-center justify-center bg-muted p-10 md:flex">
        <AuthIllustration />
      </aside>
      <main className="flex flex-col justify-between px-4 py-8 sm:px-8">
        <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center">{children}</div>
        <Footer />
      </main>
    </div>
  );
}
