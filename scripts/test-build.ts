import buildAsTheSuitesDo from "../deploy/build-setup";

/**
 * `npm test`'s first phase: the release build with the browser suite's public settings (deploy/build-setup.ts).
 * The portal's own server tests, the browser suite, the smoke run and the deployment test then use it as it is.
 */
await buildAsTheSuitesDo();
