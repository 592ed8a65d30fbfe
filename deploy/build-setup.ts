import { publicTestEnv } from "../e2e/support/stack-env";
import { buildPortal, buildServers } from "../scripts/release-build";

/** The release build, with the browser suite's public settings, so the portal it built is reused as it is. */
export default async function setup() {
  await buildPortal({ ...process.env, ...publicTestEnv });
  await buildServers();
}
