import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { demoCode } from "../services/test/sign-in";

/**
 * Load through the load balancer while instances come and go: readers (many sessions) searching schools
 * and opening a page, writers creating schools with unique names. Every answer is counted; a write is
 * acknowledged only by its 201. Used by the rolling-restart test and `npm run bench rolling`.
 */
export type Tally = {
  reads: number;
  readFailures: string[];
  /** Reads whose answer began and was then cut (its instance killed while sending it), and when. */
  cutBodies: { path: string; at: number }[];
  /** Names whose create was answered 201, and those answered otherwise (or not at all). */
  acknowledged: string[];
  unacknowledged: string[];
  readMs: number[];
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email: "admin.ed1@example.org", password: "Demo#Admin2026", code: demoCode() }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
}

/** Who answered a 503: HAProxy (no instance free within its queue's wait), an instance shedding load, or a page whose API did not answer. */
const whose503 = (response: Response, body: string) =>
  body.includes("No server is available") ? "(load balancer)" : response.headers.get("retry-after") === "2" ? "(instance busy)" : "(an API unavailable)";

export async function startLoad(url: string, options: { sessions: number; readers: number; writers: number; pauseMs?: number }) {
  const cookies: string[] = [];
  for (let i = 0; i < options.sessions; i++) cookies.push(await signIn(url));
  const tag = `Fleet ${randomBytes(4).toString("hex")}`;
  const tally: Tally = { reads: 0, readFailures: [], cutBodies: [], acknowledged: [], unacknowledged: [], readMs: [] };
  let running = true;
  let made = 0;

  const reader = async (n: number) => {
    for (let i = 0; running; i++) {
      const path = i % 5 === 4 ? "/administration/school-management" : `/api/district/school/search?searchTerm=&limit=12&page=${1 + (i % 3)}`;
      const began = performance.now();
      try {
        const response = await fetch(`${url}${path}`, {
          headers: { cookie: cookies[n % cookies.length] ?? "" },
          redirect: "manual",
          signal: AbortSignal.timeout(30_000),
        });
        let text: string;
        try {
          text = await response.text();
        } catch {
          // The answer began and was cut: its instance died while sending it (kill -9). No load balancer can send
          // again what a client has half-received; the test allows this only while an instance is being killed.
          tally.reads++;
          tally.cutBodies.push({ path, at: performance.now() });
          continue;
        }
        tally.reads++;
        if (response.status !== 200) tally.readFailures.push(`${path}: ${response.status}${response.status === 503 ? ` ${whose503(response, text)}` : ""}`);
        else tally.readMs.push(performance.now() - began);
      } catch (error) {
        tally.reads++;
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        tally.readFailures.push(`${path}: ${error instanceof Error ? error.message : String(error)}${cause ? ` (${cause.code ?? cause.message})` : ""}`);
      }
      if (options.pauseMs) await sleep(options.pauseMs);
    }
  };
  const writer = async (n: number) => {
    while (running) {
      const name = `${tag} School ${made++}`;
      try {
        const response = await fetch(`${url}/api/district/school/add`, {
          method: "POST",
          headers: { cookie: cookies[n % cookies.length] ?? "", origin: url, "content-type": "application/json" },
          body: JSON.stringify({ name, description: "", address: "1 Fleet Road", localGovernment: "Agege", category: "Primary" }),
          signal: AbortSignal.timeout(30_000),
        });
        await response.arrayBuffer();
        (response.status === 201 ? tally.acknowledged : tally.unacknowledged).push(name);
      } catch {
        tally.unacknowledged.push(name);
      }
      if (options.pauseMs) await sleep(options.pauseMs);
    }
  };
  const workers = [...Array.from({ length: options.readers }, (_, i) => reader(i)), ...Array.from({ length: options.writers }, (_, i) => writer(i))];

  return {
    tag,
    async stop(): Promise<Tally> {
      running = false;
      await Promise.all(workers);
      return tally;
    },
  };
}

/** How many schools of each name the run made, as the database holds them. */
export async function storedCounts(databaseUrl: string, tag: string): Promise<Map<string, number>> {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ name: string; n: number }[]>`select name, count(*)::int as n from school where name like ${`${tag}%`} group by name`;
    return new Map(rows.map((r) => [r.name, r.n]));
  } finally {
    await sql.end();
  }
}
