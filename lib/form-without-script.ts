/**
 * Where every form of the portal is sent when the browser sends it itself: before the page's script has
 * run (a slow line) or when it failed or was blocked. The script sends each form through the BFF as JSON;
 * without it the browser would send a form with no method as a GET to the page's own address, with the
 * password or the personal data typed in its URL, history and every log on the way. Every form declares
 * `method="post"` and this action instead (lib/form-without-script.test.ts finds the forms); the answer
 * takes nothing from the body and sends the browser to a page saying the page needs its script.
 *
 * Signing in without script is not offered: sign-in is more than one POST (a password that must be
 * changed first, a second step, a throttled address), and a second way in would double what must be
 * kept safe, for a case that lasts only until the page's script has loaded.
 */
export const formWithoutScript = { method: "post", action: "/forms/without-script" } as const;

/** The page that says so; `from` names the page to go back to. */
export const needsScriptPath = "/forms/needs-script";

/**
 * The page to go back to: a plain path of this portal (its links are relative, so never another site),
 * and never a query, which may hold what was typed. "/" when there is none.
 */
export function backPath(from: string | null | undefined): string {
  if (!from) return "/";
  let path: string;
  try {
    path = new URL(from, "http://portal.invalid").pathname;
  } catch {
    return "/";
  }
  if (path.length > 500 || !/^\/[A-Za-z0-9/_-]*$/.test(path) || path.startsWith("//") || path.startsWith("/forms/") || path.startsWith("/api/")) return "/";
  return path;
}
