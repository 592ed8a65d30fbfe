/**
 * The configuration the browser may see. Next inlines NEXT_PUBLIC_ variables at build time, so each is
 * read here by its full name; nothing secret belongs in this file.
 */
export const publicEnv = {
  /** Google Maps key for address suggestions; without it the address is a plain text field. */
  mapsApiKey: process.env.NEXT_PUBLIC_MAPS_API_KEY || null,
};
