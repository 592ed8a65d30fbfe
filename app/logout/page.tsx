import type { Metadata } from "next";
import { LogoutRunner } from "@/components/auth/logout-runner";
import "@/app/globals.css";

export const metadata: Metadata = { title: "Logging out" };

export default function LogoutPage() {
  return (
    <main className="min-h-dvh">
      <h1 className="sr-only">Logging out</h1>
      <LogoutRunner />
    </main>
  );
}
