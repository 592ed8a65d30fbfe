/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm test` runs `tsc --noEmit` over the whole repository before anything else; checking the
  // types again inside every build cost about 8 s of each one.
  typescript: { ignoreBuildErrors: true },
  // The portal never talks to the database; keep server-only service code out of its bundles.
  serverExternalPackages: ["argon2"],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
          { key: "X-Frame-Options", value: "DENY" },
        ],
      },
    ];
  },
};

export default nextConfig;
