import { backPath, needsScriptPath } from "@/lib/form-without-script";

/**
 * A form the browser sent itself, without the page's script (lib/form-without-script.ts). Its body is
 * never read, so nothing typed is kept, logged or echoed; 303 turns the POST into a GET of the page that
 * says what happened, so a reload there sends nothing again. The way back comes from the Referer's path
 * (relative, so never the Host header's or another site's).
 */
export function POST(request: Request) {
  const back = backPath(request.headers.get("referer"));
  const location = back === "/" ? needsScriptPath : `${needsScriptPath}?from=${encodeURIComponent(back)}`;
  return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
}
