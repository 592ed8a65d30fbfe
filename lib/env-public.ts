/** The only configuration the browser sees. Next inlines NEXT_PUBLIC_ values at build time. */
export const publicEnv = {
  mapsApiKey: process.env.NEXT_PUBLIC_MAPS_API_KEY ?? "",
};
