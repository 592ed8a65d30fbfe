import { spawnSync } from "node:child_process";

/**
 * `npm test`: every phase in turn, stopping at the first that fails, with one timing line per phase so each
 * run shows where its time goes. The API tests run once on the embedded database and, with
 * TEST_DATABASE_URL, once more on that PostgreSQL server, each timed apart.
 */
const phases: [name: string, args: string[]][] = [
  ["typecheck", ["run", "typecheck"]],
  ["lint", ["run", "lint"]],
  ["format", ["run", "format:check"]],
  ["unit and API tests, embedded database", ["exec", "--", "vitest", "run", "--project", "pglite"]],
  ...(process.env.TEST_DATABASE_URL ? [["API tests, PostgreSQL", ["exec", "--", "vitest", "run", "--project", "postgres"]] as [string, string[]]] : []),
  ["browser suite (the portal's build included)", ["run", "test:e2e"]],
  ["smoke run against a stack apart", ["run", "test:e2e:smoke"]],
  ["deployment test", ["run", "test:deploy"]],
];

const timings: string[] = [];
const began = performance.now();
const line = (name: string, seconds: number, outcome = "") => `[test] ${name}: ${seconds.toFixed(0)} s${outcome}`;
let failed = false;
for (const [name, args] of phases) {
  const start = performance.now();
  const result = spawnSync("npm", args, { stdio: "inherit" });
  const seconds = (performance.now() - start) / 1000;
  failed = result.status !== 0;
  timings.push(line(name, seconds, failed ? " (failed)" : ""));
  console.log(timings.at(-1));
  if (failed) break;
}
console.log(["[test] time per phase:", ...timings.map((t) => `  ${t}`), `  ${line("total", (performance.now() - began) / 1000)}`].join("\n"));
process.exit(failed ? 1 : 0);
