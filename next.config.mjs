/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The portal's server compresses (scripts/portal-server.ts): it rewrites each page's script tags on the
  // way out (scripts/paint-first.ts), which it can only do before the bytes are compressed.
  compress: false,
  // `npm test` typechecks the whole repository in a phase of its own (`npm run typecheck`); checking the
  // types again inside every build cost about 8 s of each one.
  typescript: { ignoreBuildErrors: true },
  // The portal never talks to the database; keep server-only service code out of its bundles.
  serverExternalPackages: ["argon2"],
  // The stylesheet (Tailwind's, about 7 KB compressed) comes inside the page instead of as a request of its
  // own that blocks the first paint: one round trip less on a slow line, measured with Lighthouse's mobile
  // preset (README, 'Performance'). The price: each first load carries it (twice: once more for the router).
  //
  // Turbopack keeps a cache of each build on disk (on by default since Next 16.4) so that the next build of the
  // same checkout reuses it: a rebuild after a small change took 40 s here instead of 2.5 min. Writing it took
  // 34 to 36 s of each cold build, and a clean checkout (CI, a release) builds once and never reads it back:
  // there, with CI set, it is left off.
  experimental: { inlineCss: true, turbopackFileSystemCacheForBuild: !globalThis.process.env.CI },
  // The release build (scripts/release-build.ts) pins the build id to the commit, so the one artefact every
  // instance runs is named the same everywhere. (Not `deploymentId`: it must then be set again at run time on
  // every instance, or each response looks like another deployment's and every navigation reloads the page.)
  generateBuildId: async () => globalThis.process.env.PORTAL_BUILD_ID || null,
  // Security headers are set for every response by the portal's server (scripts/portal-server.ts),
  // the Content-Security-Policy of pages by proxy.ts.
};

export default nextConfig;
