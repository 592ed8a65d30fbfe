import "server-only";

/** The time of this server render, for a first paint that matches what the browser then shows (server components render once per request). */
export const requestTime = () => Date.now();
