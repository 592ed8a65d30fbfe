import { spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";

/**
 * `npm test`: every phase, stopping after the first group with a failure, with one timing line per phase so
 * each run shows where its time goes. The API tests run once on the embedded database and, with
 * TEST_DATABASE_URL, once more on that PostgreSQL server, each timed apart.
 *
 * Phases that do not share a port or a folder run side by side, in groups: a phase alone leaves part of the
 * two cores idle (the PostgreSQL tests wait on the server, the deployment test on its load balancer), and
 * the group takes little more than its longest phase. A group's output is printed whole, phase by phase.
 */
type Phase = [name: string, args: string[]];
type Group = { name: string; phases: Phase[] };

const groups: Group[] = [
  // The build runs on both cores for part of its time and one for the rest, lint and format on one each: together
  // they take little more than the longest. The typecheck comes after the build: `next typegen` writes its route
  // types where the build writes (.next/types).
  {
    name: "the release build, lint and format together",
    phases: [
      ["the release build", ["exec", "--", "tsx", "scripts/test-build.ts"]],
      ["lint", ["run", "lint"]],
      ["format", ["run", "format:check"]],
    ],
  },
  // Each API test file has a database of its own, embedded or on the server, and every process it starts its own
  // ports. The PostgreSQL tests wait on the server half their time: the typecheck takes that half a core.
  {
    name: "API tests and the typecheck together",
    phases: [
      ["typecheck", ["run", "typecheck"]],
      ["unit and API tests, embedded database", ["exec", "--", "vitest", "run", "--project", "unit", "--project", "pglite"]],
      ...(process.env.TEST_DATABASE_URL ? [["API tests, PostgreSQL", ["exec", "--", "vitest", "run", "--project", "postgres"]] as Phase] : []),
    ],
  },
  { name: "browser suite", phases: [["browser suite", ["run", "test:e2e"]]] },
  // Both run the build of the first phase; the smoke run's stack takes the suite's ports, the fleet free ones.
  {
    name: "smoke run and deployment test together",
    phases: [
      ["smoke run against a stack apart", ["run", "test:e2e:smoke"]],
      ["deployment test", ["run", "test:deploy"]],
    ],
  },
];

/**
 * CPU seconds (user and system) spent so far by the processes this one has waited for, and theirs in turn
 * (Linux: /proc/self/stat's cutime and cstime, in ticks of 1/100 s); NaN elsewhere. A phase's share shows its
 * cost apart from the wall clock, which a busy machine stretches.
 */
function childrenCpuSeconds(): number {
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
    // After the command's name: state is field 3, so cutime (16) and cstime (17) are at 13 and 14 here.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return NaN;
  }
}

/**
 * The machine's busy and total CPU time so far, all cores (Linux: /proc/stat's first line, idle and iowait
 * being the idle part); null elsewhere. A phase's CPU above counts only the processes it waited for: the
 * browser suite's stack and browsers are not among them, so the group's line also says how busy the whole
 * machine was, which shows whether running more beside it could gain anything.
 */
function machineCpu(): { busy: number; total: number } | null {
  try {
    const ticks = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
    const total = ticks.reduce((sum, t) => sum + t, 0);
    return { busy: total - (ticks[3] ?? 0) - (ticks[4] ?? 0), total };
  } catch {
    return null;
  }
}
const busyShare = (start: ReturnType<typeof machineCpu>) => {
  const end = machineCpu();
  if (!start || !end || end.total === start.total) return "";
  return `, the machine ${Math.round((100 * (end.busy - start.busy)) / (end.total - start.total))} % busy`;
};

const timings: string[] = [];
const began = performance.now();
const line = (name: string, seconds: number, cpu: number, outcome = "") =>
  `[test] ${name}: ${seconds.toFixed(0)} s${Number.isFinite(cpu) ? `, ${cpu.toFixed(0)} s of CPU` : ""}${outcome}`;
/** `cpuStart` is childrenCpuSeconds() when the phase (or, for a group, the previous phase to end) began. */
const record = (name: string, start: number, ok: boolean, cpuStart = NaN, machine = "") => {
  timings.push(line(name, (performance.now() - start) / 1000, childrenCpuSeconds() - cpuStart, `${machine}${ok ? "" : " (failed)"}`));
  console.log(timings.at(-1));
};

/**
 * One phase with its output held back and printed whole when it ends, so parallel phases do not interleave.
 * Its CPU time is what the processes reaped since the group's previous phase ended spent: this one's.
 */
function runQuietly([name, args]: Phase, cpu: { reaped: number }): Promise<boolean> {
  const start = performance.now();
  const child = spawn("npm", args, { stdio: ["ignore", "pipe", "pipe"] });
  const output: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((done) =>
    child.once("close", (code) => {
      process.stdout.write(Buffer.concat(output));
      const cpuStart = cpu.reaped;
      cpu.reaped = childrenCpuSeconds();
      record(name, start, code === 0, cpuStart);
      done(code === 0);
    }),
  );
}

/** A group: a single phase with its output as it comes, several side by side, each held back. */
async function runGroup({ name, phases }: Group): Promise<boolean> {
  const [start, cpuStart, machineStart] = [performance.now(), childrenCpuSeconds(), machineCpu()];
  if (phases.length === 1 && phases[0]) {
    const [phaseName, args] = phases[0];
    const ok = spawnSync("npm", args, { stdio: "inherit" }).status === 0;
    record(phaseName, start, ok, cpuStart, busyShare(machineStart));
    return ok;
  }
  const cpu = { reaped: cpuStart };
  const ok = !(await Promise.all(phases.map((phase) => runQuietly(phase, cpu)))).includes(false);
  record(name, start, ok, cpuStart, busyShare(machineStart));
  return ok;
}

let failed = false;
for (const group of groups) {
  failed = !(await runGroup(group));
  if (failed) break;
}
console.log(
  ["[test] time per phase:", ...timings.map((t) => `  ${t}`), `  ${line("total", (performance.now() - began) / 1000, childrenCpuSeconds())}`].join("\n"),
);
process.exit(failed ? 1 : 0);
