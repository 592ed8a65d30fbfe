/**
 * One id per request, made at the edge (the load balancer, else the portal) and carried to the APIs, so
 * every log line of a request on both tiers can be found by it. Answered back in the same header.
 */
export const REQUEST_ID_HEADER = "x-request-id";

/** What an id may look like when it comes from outside: short, and nothing a log reader could mistake for more. */
const ACCEPTABLE = /^[A-Za-z0-9._:-]{8,128}$/;

/** The id a caller sent, when it is one we would have made; else undefined. */
export const acceptRequestId = (value: string | null | undefined): string | undefined => (value && ACCEPTABLE.test(value) ? value : undefined);

export const newRequestId = () => globalThis.crypto.randomUUID();
