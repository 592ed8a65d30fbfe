import { publicEnv } from "./public-env";

/**
 * The pages' Content-Security-Policy, with this response's nonce. Scripts run only with the nonce (Next
 * puts it on its own scripts; 'strict-dynamic' lets them load the chunks and, with a maps key, the
 * maps places script); nothing may frame the portal, post forms elsewhere, or load plugins.
 */
export function contentSecurityPolicy(nonce: string, options: { dev: boolean; https: boolean }): string {
  const maps = publicEnv.mapsApiKey ? ["https://maps.googleapis.com"] : [];
  const mapsImages = publicEnv.mapsApiKey ? ["https://maps.gstatic.com", "https://maps.googleapis.com"] : [];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...maps, ...(options.dev ? ["'unsafe-eval'"] : [])],
    // React and the component library set style attributes; styles cannot run code.
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:", ...mapsImages],
    ["font-src", "'self'", "data:"],
    ["connect-src", "'self'", ...maps, ...(options.dev ? ["ws:"] : [])],
    ["frame-src", "'none'"],
    ["frame-ancestors", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["object-src", "'none'"],
  ];
  if (options.https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}

/** 128 random bits, fresh for every page response. */
export const newNonce = () => btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
