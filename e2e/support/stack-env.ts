/**
 * What the portal's build depends on in the test stacks' environment: the fault tests' stack must
 * match the suite's exactly, or it would need another build of the same folder.
 */
export const publicTestEnv = {
  // Address fields load the maps places service; tests answer its script with a stand-in (e2e/support/maps.ts).
  NEXT_PUBLIC_MAPS_API_KEY: "e2e-maps-key",
};
