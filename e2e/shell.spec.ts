import { routes } from "../lib/routes";
import { accounts, expect, test } from "./support/fixtures";

test.describe("portal shell", () => {
  test("drawer, clock, top bar and profile menu with the state's terms @demo", async ({ page, signIn }) => {
    await signIn(accounts.admin1);
    const drawer = page.getByRole("complementary", { name: "Main menu" });
    await expect(drawer.getByRole("img", { name: "District Portal" })).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await expect(drawer.getByRole("link", { name: "Administration" })).toBeVisible();
    await expect(page.getByTestId("top-bar-district")).toHaveText("Education District I");

    const clock = page.getByLabel("Time in Lagos");
    const first = await clock.textContent();
    await expect.poll(() => clock.textContent(), { timeout: 8_000 }).not.toBe(first);

    await page.getByRole("button", { name: /Profile menu/ }).click();
    const menu = page.getByRole("menu", { name: "Profile" });
    // The demo state calls a district an "Education District".
    await expect(menu.getByRole("menuitem", { name: "Education District profile" })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Switch District" })).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: /Profile menu/ }).click();
    await page.getByRole("menuitem", { name: "User profile" }).click();
    await expect(page.getByRole("heading", { name: "User profile" })).toBeVisible();
    await expect(page.getByText("TESCOM Number")).toBeVisible();
  });

  test("a link between pages shows the target's loading text while the page is on its way @smoke", async ({ page, signIn }) => {
    await signIn(accounts.admin1);
    // A slow line: the next page's data waits a second and a half.
    await page.route(/\/administration\/school-management\?_rsc=/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByRole("complementary", { name: "Main menu" }).getByRole("link", { name: "Administration" }).click();
    await page.getByRole("link", { name: "School management" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading Schools..." })).toBeVisible();
    await expect(page.getByRole("heading", { name: "School management" })).toBeVisible();
    await expect(page.getByText("Loading Schools...")).toBeHidden();
  });

  test("a page fetches no other page ahead until the user points at or tabs to its link", async ({ page, signIn }) => {
    const prefetched: string[] = [];
    page.on("request", (request) => {
      if (request.headers()["next-router-prefetch"]) prefetched.push(new URL(request.url()).pathname);
    });
    await signIn(accounts.admin1, { next: routes.schoolManagement });
    const edit = page.getByRole("link", { name: /^Edit / }).first();
    await expect(edit).toBeVisible();
    // Next prefetched each link in view once the page had hydrated: the menu's and every school card's.
    await page.waitForLoadState("networkidle");
    expect(prefetched).toEqual([]);

    await page.getByRole("complementary", { name: "Main menu" }).getByRole("link", { name: "Administration" }).hover();
    await expect.poll(() => prefetched).toContain(routes.administration);
    await edit.focus();
    await expect.poll(() => prefetched.some((path) => path.startsWith(`${routes.schoolManagement}/edit-school/`))).toBe(true);
  });

  test("on a phone, a drawer link's loading text covers the screen, not the closing drawer @phone", async ({ page, signIn }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(accounts.admin1);
    await page.route(/\/administration\?_rsc=/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("complementary", { name: "Main menu" }).getByRole("link", { name: "Administration" }).click();
    const overlay = page.getByRole("status").filter({ hasText: "Please wait..." });
    await expect(overlay).toBeInViewport({ ratio: 0.9 });
    expect((await overlay.boundingBox())?.width).toBeGreaterThanOrEqual(359);
    await expect(page.getByRole("heading", { name: "Administration" })).toBeVisible();
  });

  test("dark and light themes, kept across a reload", async ({ page, signIn }) => {
    await signIn(accounts.admin1);
    await page.getByRole("button", { name: /Profile menu/ }).click();
    await page.getByRole("menuitem", { name: "Dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await page.getByRole("button", { name: /Profile menu/ }).click();
    await page.getByRole("menuitem", { name: "Light mode" }).click();
    await expect(page.locator("html")).not.toHaveClass(/dark/);
  });

  test("on a phone the drawer opens from a menu button @phone", async ({ page, signIn }, testInfo) => {
    test.skip(testInfo.project.name !== "phone-360", "phone layout");
    await signIn(accounts.admin1);
    const drawerLink = page.getByRole("complementary", { name: "Main menu" }).getByRole("link", { name: "Administration" });
    await expect(drawerLink).not.toBeInViewport();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(drawerLink).toBeInViewport();
    await drawerLink.click();
    await expect(page.getByRole("heading", { name: "Administration" })).toBeVisible();
  });

  test("a super administrator sees Switch District", async ({ page, signIn }) => {
    await signIn(accounts.superAdmin);
    await page.getByRole("button", { name: /Profile menu/ }).click();
    await page.getByRole("menuitem", { name: "Switch District" }).click();
    await expect(page.getByRole("heading", { name: "Switch District" })).toBeVisible();
  });
});

test("the dashboard shows the district's real figures in five colours and a chart @demo @phone", async ({ page, signIn }) => {
  await signIn(accounts.admin1);
  const figures = page.getByRole("region", { name: "District figures" });
  const cards = figures.getByTestId("stat-card");
  await expect(cards).toHaveCount(5);
  await expect(cards.filter({ hasText: "Schools" }).first()).toContainText("3");
  await expect(cards.filter({ hasText: "Classes" })).toContainText("12");
  await expect(cards.filter({ hasText: "Students" })).toContainText("48");
  await expect(cards.filter({ hasText: "Students" })).toContainText("24 female · 24 male");
  const colours = await cards.evaluateAll((els) => els.map((el) => getComputedStyle(el).backgroundColor));
  expect(new Set(colours).size).toBe(5);
  const chart = figures.getByRole("figure", { name: "Students per LGEA" });
  await expect(chart.getByRole("listitem").first()).toContainText("Ifako-Ijaiye LGEA");
  await expect(chart.getByRole("listitem").first()).toContainText("20");
});

test("pages keep still while the clock ticks and their data arrive", async ({ page, signIn }) => {
  await signIn(accounts.admin1);
  // Cumulative layout shift of each page load, as the browser measures it.
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
    }).observe({ type: "layout-shift", buffered: true });
  });
  for (const path of ["/dashboard", "/dashboard/district", "/administration/user-management/permission-management"]) {
    await page.goto(path);
    await page.waitForTimeout(3_500); // past one clock tick
    const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
    expect(shift, path).toBeLessThan(0.05);
  }
});
