"use client";

import { ErrorScreen } from "@/components/layout/error-screen";
import { Button } from "@/components/ui/button";
import { errorPageTitles } from "@/lib/contract/messages";

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  return (
    <ErrorScreen
      title={errorPageTitles.other}
      explanation="Something went wrong while showing this page. Try again, or go back home."
      action={
        <Button variant="secondary" onClick={reset}>
          Try again
        </Button>
      }
    />
  );
}
