"use client";

import { useCallback, useState } from "react";
import { toast } from "sonner";

/**
 * Runs a form's submit work with the loading overlay up. A failure shows the server's message and
 * lowers the overlay; success leaves it up while the page moves on, unless the work stays on the page
 * (`inPlace`), when it comes down too.
 */
export function useBusyAction() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<void>, options: { inPlace?: boolean } = {}) => {
    setBusy(true);
    try {
      await work();
      if (options.inPlace) setBusy(false);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
