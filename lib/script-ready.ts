import { useEffect } from "react";

/**
 * Marks the page's `<html>` with `data-script="ready"` once React has hydrated it: called by the root's
 * providers, whose effect runs after every effect of the tree they hydrated. The portal's server adds the
 * page's scripts after its first frame (scripts/paint-first.ts), so the `load` event no longer says the
 * page is live: a browser test waits for this instead (e2e/support/hydrated.ts).
 */
export function useScriptReady() {
  useEffect(() => {
    document.documentElement.setAttribute("data-script", "ready");
  }, []);
}
