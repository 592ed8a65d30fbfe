import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ImportConfirmed, ImportRowsPage } from "../lib/contract/imports";
import type { SchoolSearchTotal } from "../lib/contract/schools";
import { startStack, type Stack } from "../scripts/stack";
import { abandonedGet } from "../services/test/abandoned-request";
import { workbooks } from "../services/test/workbooks";
import { accounts, expect, test } from "./support/fixtures";
import { faultPorts } from "./support/ports";
import { stackDatabaseEnv, stackServerDatabase } from "./support/stack-database";
import { publicTestEnv } from "./support/stack-env";
import { finishSignIn } from "./support/second-factor";

/**
 * Faults on a stack of this file's own (own ports, own database: on the test server where the suite's stack has
 * its, else embedded), so stopping or killing its API never disturbs the other tests: a burst of requests that
 * their clients give up on, the API stopped (SIGSTOP), the API killed (SIGKILL) and restarted by the supervisor,
 * and the API killed in the middle of an import's confirm.
 */
const portal = `http://localhost:${faultPorts.portal}`;
const api = `http://127.0.0.1:${faultPorts.district}`;
const UPSTREAM_TIMEOUT_MS = 3_000;
const RESTART_DELAY_MS = 4_000;
let stack: Stack;
let dataRoot: string;
let server: Awaited<ReturnType<typeof stackServerDatabase>>;

test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dataRoot = mkdtempSync(join(tmpdir(), "portal-faults-"));
  server = await stackServerDatabase("portal_e2e_faults");
  stack = await startStack({
    env: {
      DATA_DIR: join(dataRoot, "db"),
      ...stackDatabaseEnv(server),
      PORT: String(faultPorts.portal),
      DISTRICT_API_PORT: String(faultPorts.district),
      BILLING_API_PORT: String(faultPorts.billing),
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      LOG_MAIL: "false",
      ACCESS_TOKEN_TTL_SECONDS: "3600",
      ...publicTestEnv,
    },
    quiet: true,
    // A killed API stays down long enough for a test to look at the portal meanwhile: on the server database it
    // is back within a second of the product's first wait (0.5 s).
    restartDelaysMs: [RESTART_DELAY_MS],
    // The suite's stack serves the same build: rebuilding it here would pull its files from under it.
    build: "never",
  });
});

test.afterAll(async () => {
  await stack?.stop();
  await server?.drop();
  rmSync(dataRoot, { recursive: true, force: true });
});

/** Signs in on the fault stack's portal; the browser context keeps its cookie. */
async function signIn(request: import("@playwright/test").APIRequestContext) {
  const response = await request.post(`${portal}/api/auth/login`, { data: accounts.admin1, headers: { origin: portal } });
  expect(response.status()).toBe(200);
  await finishSignIn(request, (await response.json()) as { redirectTo: string }, accounts.admin1, { headers: { origin: portal }, portal });
}

async function apiUp() {
  for (let i = 0; i < 200; i++) {
    const answer = await fetch(`${api}/health`).catch(() => null);
    if (answer?.status === 200) return;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error("the API did not come back");
}

test("a burst of requests given up on while queued, served or streaming leaves the portal serving at once, every slot back @stack", async ({ page }) => {
  await signIn(page.request);
  const cookie = (await page.context().cookies(portal)).map((c) => `${c.name}=${c.value}`).join("; ");
  // 60 searches at once (16 served, the rest queued), given up on after 300 ms, as a browser does on navigating away.
  await Promise.all(Array.from({ length: 60 }, () => abandonedGet(`${portal}/api/district/school/search`, { afterMs: 300 }, { cookie })));
  // Pages given up on as soon as their stream begins.
  await Promise.all(Array.from({ length: 8 }, () => abandonedGet(`${portal}/administration/school-management`, "first-bytes", { cookie })));
  await new Promise((r) => setTimeout(r, 1_000));
  // Five pages at once after it: each served, their median within a second (a leaked slot would hold them in
  // the queue until it gives up); one slow answer on a loaded test machine is not the fault looked for.
  const took: number[] = [];
  for (let i = 0; i < 5; i++) {
    const began = Date.now();
    const login = await fetch(`${portal}/login`);
    await login.arrayBuffer(); // read to its end: an unread body keeps its response, and so its slot, open
    expect(login.status).toBe(200);
    took.push(Date.now() - began);
  }
  expect(took.toSorted((a, b) => a - b)[2], `page times ${took.join(", ")} ms`).toBeLessThan(1_000);
  const ready = await fetch(`${portal}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toMatchObject({ status: "ready", inFlight: 0, waiting: 0 });
  expect((await page.request.get(`${portal}/api/district/school/search`)).status()).toBe(200);
});

test("while the API is stuck, a search answers 504 within the limit and a page explains it; both work again once it resumes @stack", async ({ page }) => {
  await signIn(page.request);
  stack.signalApis("SIGSTOP");
  try {
    let began = Date.now();
    const search = await page.request.get(`${portal}/api/district/school/search`);
    expect(search.status()).toBe(504);
    expect(Date.now() - began).toBeLessThan(UPSTREAM_TIMEOUT_MS + 2_000);
    expect((await search.json()).message).toBe("The service took too long to answer. Please try again shortly.");

    began = Date.now();
    const shown = await page.goto(`${portal}/administration/school-management`);
    expect(shown?.status()).toBe(504);
    expect(shown?.headers()["retry-after"]).toBe("5");
    await expect(page.getByRole("heading", { name: "An Error Occurred" })).toBeVisible();
    await expect(page.getByText("The service is taking too long to answer. Nothing you saved is lost; try again in a few seconds.")).toBeVisible();
  } finally {
    stack.signalApis("SIGCONT");
  }
  // Try again reads the page anew: the schools appear without reloading by hand.
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "School management" })).toBeVisible();
  expect((await page.request.get(`${portal}/api/district/school/search`)).status()).toBe(200);
});

test("while the API is down, a search answers 503 and a page says the service is unavailable; the supervisor brings it back @stack", async ({ page }) => {
  await signIn(page.request);
  const restartsBefore = stack.restarts();
  stack.signalApis("SIGKILL");
  const began = Date.now();
  const search = await page.request.get(`${portal}/api/district/school/search`);
  expect(search.status()).toBe(503);
  expect(Date.now() - began).toBeLessThan(UPSTREAM_TIMEOUT_MS);
  expect(search.headers()["retry-after"]).toBe("5");

  const shown = await page.goto(`${portal}/administration/school-management`);
  expect(shown?.status()).toBe(503);
  await expect(page.getByText("The service is unavailable at the moment. Nothing you saved is lost; try again in a few seconds.")).toBeVisible();

  await apiUp();
  expect(stack.restarts()).toBe(restartsBefore + 1);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByRole("heading", { name: "School management" })).toBeVisible();
});

test("the API killed in the middle of an import's confirm: nothing half-made, and after the restart the import is confirmed once @stack @writes", async ({
  page,
}) => {
  await signIn(page.request);
  const count = 30_000;
  const tag = `Fault${Date.now()}`;
  const rows = [["Name", "Description", "Address", "Local Government", "Category"]];
  for (let i = 0; i < count; i++) rows.push([`${tag} School ${i}`, "", `${i} Fault Road`, "Agege", "Primary"]);
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await workbooks.ours(rows))]), "schools.xlsx");
  const staged = await fetch(`${portal}/api/district/school/upload-multiple`, {
    method: "POST",
    body: form,
    headers: { cookie: (await page.context().cookies(portal)).map((c) => `${c.name}=${c.value}`).join("; "), origin: portal },
  });
  expect(staged.status).toBe(201);
  const { importId, validRows } = (await staged.json()) as ImportRowsPage;
  expect(validRows).toBe(count);

  const confirm = () =>
    page.request.post(`${portal}/api/district/school/create-multiple-schools`, { data: { importId }, headers: { origin: portal }, timeout: 120_000 });
  const total = async () => (await (await page.request.get(`${portal}/api/district/school/search-total?searchTerm=${tag}`)).json()) as SchoolSearchTotal;

  // The confirm of 30,000 rows takes several seconds: the kill lands inside its transaction.
  const interrupted = confirm();
  await new Promise((r) => setTimeout(r, 1_000));
  stack.signalApis("SIGKILL");
  const refused = await interrupted;
  expect([502, 503]).toContain(refused.status());

  await apiUp();
  expect(await total()).toEqual({ total: 0 });
  const done = await confirm();
  expect(done.status()).toBe(200);
  expect((await done.json()) as ImportConfirmed).toMatchObject({ created: count, alreadyConfirmed: false });
  const again = (await (await confirm()).json()) as ImportConfirmed;
  expect(again.alreadyConfirmed).toBe(true);
  expect(await total()).toEqual({ total: count });
});
