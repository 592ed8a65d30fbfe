import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startStack } from "../scripts/stack";
import { seedServer } from "./load";
import { fmt, median, percentile } from "./stats";
import { demoCode } from "../services/test/sign-in";

/**
 * A bounded soak of the whole product (issue 30): `seconds` of mixed load through the portal from
 * `concurrency` clients over ten signed-in sessions — list searches, pages, the bell's poll, schools
 * created, uploads staged, downloads — with a fifth of the requests given up on at a random moment
 * (as browsers do on every navigation). Before and after it: the latency of a page, a sign-in page and a
 * search with nothing else running, the resident memory of the portal and of the APIs (with their
 * workers), and both tiers' readiness, whose slots in use must be back at zero. Loopback only; it stops
 * by itself. Embedded by default; BENCH_DATABASE_URL runs the APIs on that PostgreSQL server.
 */
const SESSIONS = 10;
const ABANDON_SHARE = 0.2;
const ports = { PORT: "3650", DISTRICT_API_PORT: "4650", BILLING_API_PORT: "4750" };
const portal = `http://127.0.0.1:${ports.PORT}`;

type Kind = "search" | "page" | "poll" | "create" | "upload" | "download";
/** How often each kind comes up, out of 100. */
const MIX: [Kind, number][] = [
  ["search", 45],
  ["page", 15],
  ["poll", 10],
  ["create", 15],
  ["upload", 10],
  ["download", 5],
];

type Tally = { ok: number; shed: number; other: number; abandoned: number; failed: number; ms: number[] };

/** Resident memory of a process and every process below it, in MB (Linux). */
function treeRssMb(pid: number | undefined): number {
  if (!pid) return NaN;
  let kb = 0;
  try {
    kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean)) kb += treeRssMb(Number(task)) * 1024;
  } catch {
    // gone meanwhile
  }
  return kb / 1024;
}

const pick = (): Kind => {
  let roll = Math.random() * 100;
  for (const [kind, weight] of MIX) if ((roll -= weight) < 0) return kind;
  return "search";
};

let made = 0;
const runTag = `Soak${Date.now().toString(36)}`;

type Outgoing = { url: string; method?: string; headers: Record<string, string>; body?: Buffer };

async function requestFor(kind: Kind, cookie: string): Promise<Outgoing> {
  const headers: Record<string, string> = { cookie, origin: portal };
  const term = ["", "school", "a", "lagos", "zz"][made++ % 5] ?? "";
  switch (kind) {
    case "search":
      return { url: `${portal}/api/district/school/search?searchTerm=${term}&limit=12&page=1`, headers };
    case "page":
      return { url: `${portal}/administration/school-management`, headers };
    case "poll":
      return { url: `${portal}/api/district/notifications/unread-count`, headers };
    case "create": {
      const body = JSON.stringify({
        name: `${runTag} School ${made++}`,
        description: "",
        address: "1 Soak Road",
        localGovernment: "Agege",
        category: "Primary",
      });
      return { url: `${portal}/api/district/school/add`, method: "POST", headers: { ...headers, "content-type": "application/json" }, body: Buffer.from(body) };
    }
    case "upload": {
      const rows = ["Name,Description,Address,Local Government,Category"];
      for (let i = 0; i < 50; i++) rows.push(`${runTag} Upload ${made} ${i},,${i} Soak Road,Agege,Primary`);
      made++;
      const form = new FormData();
      form.append("file", new Blob([rows.join("\n")], { type: "text/csv" }), "schools.csv");
      // The multipart body as bytes, with its boundary in the content type.
      const encoded = new Response(form);
      const type = encoded.headers.get("content-type") ?? "";
      return {
        url: `${portal}/api/district/school/upload-multiple`,
        method: "POST",
        headers: { ...headers, "content-type": type },
        body: Buffer.from(await encoded.arrayBuffer()),
      };
    }
    case "download":
      return { url: `${portal}/api/district/school/download`, headers };
  }
}

/**
 * One request over node:http, read to its end, or given up on (the socket destroyed) after `abandonAfterMs`:
 * before its answer or halfway through its body, as a browser leaving a page does. Any request still
 * unanswered after two minutes counts as failed.
 */
function exchange(out: Outgoing, abandonAfterMs: number | undefined): Promise<number | "abandoned" | "failed"> {
  return new Promise((settle) => {
    const req = httpRequest(
      out.url,
      { method: out.method ?? "GET", headers: out.body ? { ...out.headers, "content-length": String(out.body.length) } : out.headers },
      (res) => {
        res.on("data", () => {});
        res.on("end", () => settle(res.statusCode ?? 0));
        res.on("error", () => settle(abandoned ? "abandoned" : "failed"));
      },
    );
    let abandoned = false;
    const giveUp = abandonAfterMs === undefined ? undefined : setTimeout(() => ((abandoned = true), req.destroy()), abandonAfterMs);
    const stuck = setTimeout(() => req.destroy(), 120_000);
    req.on("error", () => settle(abandoned ? "abandoned" : "failed"));
    req.on("close", () => {
      clearTimeout(giveUp);
      clearTimeout(stuck);
      settle(abandoned ? "abandoned" : "failed"); // a no-op once settled
    });
    req.end(out.body);
  });
}

async function send(kind: Kind, cookie: string, tally: Tally) {
  const out = await requestFor(kind, cookie);
  const began = performance.now();
  const outcome = await exchange(out, Math.random() < ABANDON_SHARE ? Math.random() * 400 : undefined);
  if (outcome === "abandoned") tally.abandoned++;
  else if (outcome === "failed") tally.failed++;
  else {
    if (outcome === 503) tally.shed++;
    else if (outcome < 400) tally.ok++;
    else tally.other++;
    tally.ms.push(performance.now() - began);
  }
}

/** The median latency, with nothing else running, of a page, the sign-in page and a search. */
async function quietLatency(cookie: string) {
  const time = async (url: string, headers: Record<string, string> = {}) => {
    const ms: number[] = [];
    for (let i = 0; i < 20; i++) {
      const began = performance.now();
      const response = await fetch(url, { headers, redirect: "manual" });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      ms.push(performance.now() - began);
    }
    return median(ms);
  };
  return {
    page: await time(`${portal}/administration/school-management`, { cookie }),
    signIn: await time(`${portal}/login`),
    search: await time(`${portal}/api/district/school/search?searchTerm=&limit=12&page=1`, { cookie }),
  };
}

/** Both tiers' readiness: the portal's, and each API's asked a few times (with workers, each answer is one worker's). */
async function readiness() {
  const ask = async (url: string) => (await fetch(url)).json() as Promise<{ status: string; inFlight: number; waiting: number }>;
  const answers = [await ask(`${portal}/readyz`)];
  for (let i = 0; i < 4; i++)
    answers.push(await ask(`http://127.0.0.1:${ports.DISTRICT_API_PORT}/readyz`), await ask(`http://127.0.0.1:${ports.BILLING_API_PORT}/readyz`));
  return answers;
}

export async function benchSoak(seconds: number, concurrency: number) {
  const root = mkdtempSync(join(tmpdir(), "portal-soak-"));
  const database = process.env.BENCH_DATABASE_URL;
  if (database) await seedServer(database);
  const stack = await startStack({
    env: { DATA_DIR: join(root, "db"), ...ports, ...(database ? { DATABASE_URL: database } : {}), ACCESS_TOKEN_TTL_SECONDS: "3600", LOG_MAIL: "false" },
    quiet: true,
  });
  try {
    const cookies: string[] = [];
    for (let i = 0; i < SESSIONS; i++) {
      const login = await fetch(`${portal}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: portal },
        body: JSON.stringify({ email: "admin.ed1@example.org", password: "Demo#Admin2026", code: demoCode() }),
      });
      if (login.status !== 200) throw new Error(`sign-in ${i + 1} failed: ${login.status}`);
      cookies.push((login.headers.get("set-cookie") ?? "").split(";")[0] ?? "");
    }
    const memory = () => ({ portal: treeRssMb(stack.pids().portal), apis: treeRssMb(stack.pids().apis) });
    const load = async (forMs: number) => {
      const tallies = new Map<Kind, Tally>(MIX.map(([kind]) => [kind, { ok: 0, shed: 0, other: 0, abandoned: 0, failed: 0, ms: [] }]));
      const until = performance.now() + forMs;
      await Promise.all(
        Array.from({ length: concurrency }, async (_, client) => {
          while (performance.now() < until) {
            const kind = pick();
            await send(kind, cookies[client % SESSIONS] ?? "", tallies.get(kind) as Tally);
          }
        }),
      );
      return tallies;
    };

    await load(15_000); // warm: the code paths compiled, the caches filled
    await new Promise((r) => setTimeout(r, 5_000));
    const before = { latency: await quietLatency(cookies[0] ?? ""), memory: memory() };
    const began = performance.now();
    const tallies = await load(seconds * 1000);
    const took = (performance.now() - began) / 1000;
    await new Promise((r) => setTimeout(r, 5_000));
    const ready = await readiness();
    const after = { latency: await quietLatency(cookies[0] ?? ""), memory: memory() };

    console.log(
      `soak (${database ? "PostgreSQL server" : "embedded database"}; ${concurrency} clients, ${SESSIONS} sessions, ${seconds} s, ${ABANDON_SHARE * 100}% given up on at random):`,
    );
    let total = 0;
    for (const [kind, t] of tallies) {
      const count = t.ok + t.shed + t.other + t.abandoned + t.failed;
      total += count;
      console.log(
        `  ${kind.padEnd(8)} ${String(count).padStart(6)}: ok ${t.ok}, shed 503 ${t.shed}, other ${t.other}, given up ${t.abandoned}, failed ${t.failed}; ` +
          `answered p50 ${fmt(median(t.ms))}, p99 ${fmt(percentile(t.ms, 99))}`,
      );
    }
    console.log(`  ${(total / took).toFixed(0)} requests/s in all`);
    const line = (label: string, a: number, b: number) => console.log(`  ${label}: ${fmt(a)} before → ${fmt(b)} after`);
    line("page (school management), median of 20", before.latency.page, after.latency.page);
    line("sign-in page, median of 20", before.latency.signIn, after.latency.signIn);
    line("search through the BFF, median of 20", before.latency.search, after.latency.search);
    console.log(
      `  resident memory: portal ${before.memory.portal.toFixed(0)} → ${after.memory.portal.toFixed(0)} MB, APIs ${before.memory.apis.toFixed(0)} → ${after.memory.apis.toFixed(0)} MB`,
    );
    const busy = ready.filter((r) => r.status !== "ready" || r.inFlight !== 0 || r.waiting !== 0);
    console.log(`  readiness after: ${ready.length} answers, ${busy.length} not ready or holding slots${busy.length ? `: ${JSON.stringify(busy)}` : ""}`);
  } finally {
    await stack.stop();
    rmSync(root, { recursive: true, force: true });
  }
}
