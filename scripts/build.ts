import { buildPortal, buildServers } from "./release-build";

/** `npm run build`: the release build of both tiers (scripts/release-build.ts). */
await buildPortal(process.env);
await buildServers();
console.log("[build] done: .next (the portal) and dist/ (the servers, the database commands, the migrations).");
