"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import { toast } from "./notify";
import { REDIRECT_DELAY_MS } from "./contract/notices";

/** Spec §2: a success notice, a pause (1.5 s unless the spec says otherwise), then the target page; `null`: no notice to show. */
export function useSuccessRedirect() {
  const router = useRouter();
  return useCallback(
    (notice: string | null, target: string, delayMs: number = REDIRECT_DELAY_MS) =>
      new Promise<void>((done) => {
        if (notice) toast.success(notice);
        setTimeout(() => {
          router.replace(target);
          router.refresh();
          done();
        }, delayMs);
      }),
    [router],
  );
}
