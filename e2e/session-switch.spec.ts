import { expectNoSeriousA11yViolations } from "./support/axe";
import { lgeaIdByName, me, roleIdByName, staffIdByName } from "./support/district-admin";
import { accounts, apiToken, districtApi, expect, test, type Account } from "./support/fixtures";

test.describe("switching where one works, and rights that belong to a person", () => {
  test("a staff member with roles in two places switches organisation from the drawer, and the layout follows @demo @phone @writes", async ({
    page,
    signIn,
  }, testInfo) => {
    const admin = await apiToken(accounts.admin1);
    const { staff } = await me(admin);
    const districtId = staff.district.id;
    const person = await staffIdByName(admin, districtId, "Funmilayo");
    const lgeaId = await lgeaIdByName(admin, districtId, "Agege LGEA");
    // Both projects run this test on one database: the second run finds the grants already there (409).
    for (const [roleName, organizationId] of [
      ["Records Officer", districtId],
      ["School Supervisor", lgeaId],
    ] as const) {
      const response = await districtApi("POST", "/role/assign", admin, {
        staffId: person,
        roleId: await roleIdByName(admin, districtId, roleName),
        organizationId,
      });
      expect([201, 409]).toContain(response.status);
    }

    await signIn(accounts.teacher("funmilayo.ogunleye@example.org"));
    if (testInfo.project.name === "phone-360") await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("complementary", { name: "Main menu" });
    const switcher = drawer.getByLabel("Working in");
    await expect(switcher).toHaveValue(districtId);
    await expect(drawer.getByRole("link", { name: "Administration" })).toBeVisible();

    await switcher.selectOption({ label: "Agege LGEA (LGEA)" });
    await expect(page.getByText("Organisation switched")).toBeVisible();
    await page.waitForURL("**/dashboard");
    if (testInfo.project.name === "phone-360") await page.getByRole("button", { name: "Open menu" }).click();
    // Working in an LGEA: the second dashboard layout.
    await expect(drawer.getByRole("link", { name: "School Management" })).toBeVisible();
    await expect(drawer.getByRole("link", { name: "Administration" })).toHaveCount(0);
    await expect(drawer.getByLabel("Working in")).toHaveValue(lgeaId);
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await expect(page.getByRole("complementary", { name: "Main menu" }).getByLabel("Working in")).toHaveValue(lgeaId);

    // Back to the district with the keyboard alone.
    const select = page.getByRole("complementary", { name: "Main menu" }).getByLabel("Working in");
    await select.focus();
    await select.selectOption(districtId);
    await page.waitForURL("**/dashboard");
    await expect(page.getByRole("complementary", { name: "Main menu" }).getByRole("link", { name: "Administration" })).toBeAttached();
  });

  test("a super administrator finds a district, switches to it and works on it; others cannot @demo @writes", async ({ page, request, signIn }) => {
    await signIn(accounts.superAdmin);
    await page.getByRole("button", { name: /Profile menu/ }).click();
    await page.getByRole("menuitem", { name: "Switch District" }).click();
    await expect(page.getByRole("heading", { name: "Switch District" })).toBeVisible();
    await expect(page.getByText("Current district")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Search is by name, ignoring case: District I drops out (the third district may be renamed by another
    // test, and the registration test adds districts of its own, so the total is not fixed).
    await page.getByLabel("Search districts").fill("district ii");
    await expect(page.getByText(/^[12] of \d+ districts$/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Switch to Education District I", exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "Switch to Education District II", exact: true }).click();
    await expect(page.getByText("District switched")).toBeVisible();
    await page.waitForURL("**/dashboard");
    await expect(page.getByTestId("top-bar-district")).toHaveText("Education District II");
    await expect(page.getByRole("region", { name: "District figures" }).getByTestId("stat-card").first()).toBeVisible();

    await page.goto("/super-admin/switch-district");
    const current = page.getByRole("listitem").filter({ hasText: "Education District II" });
    await expect(current.getByText("Current district")).toBeVisible();

    // A district administrator neither reaches the page nor the call.
    const other = await page.context().browser()?.newContext();
    const adminPage = await other?.newPage();
    if (!other || !adminPage) throw new Error("no second browser context");
    await signIn(accounts.admin1, { page: adminPage });
    await adminPage.goto("/super-admin/switch-district");
    await adminPage.waitForURL("**/dashboard");
    const cookie = (await other.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const origin = new URL(adminPage.url()).origin;
    const refused = await request.post("/api/auth/switch-district", {
      headers: { cookie, origin },
      data: { districtId: (await me(await apiToken(accounts.admin2))).staff.district.id },
    });
    expect(refused.status()).toBe(403);
    await other.close();
  });

  test("a super administrator authorises another, and is sent home @demo @writes", async ({ page, signIn }) => {
    await signIn(accounts.superAdmin);
    const panel = page.getByRole("region", { name: "Authorise a super administrator" });
    await panel.getByLabel("Staff member").fill("Ibrahim");
    await page.getByRole("option", { name: /Ibrahim Bello/ }).click();
    await panel.getByRole("button", { name: "Authorise" }).click();
    const dialog = page.getByRole("dialog", { name: "Authorise a super administrator?" });
    await expect(dialog).toContainText("Ibrahim Bello will hold every permission in every district");
    await dialog.getByRole("button", { name: "Authorise" }).click();
    await expect(page.getByText("Super administrator authorised")).toBeVisible();
    // Home (/) sends a super administrator on to the super-admin area.
    await page.waitForURL("**/super-admin");

    const promoted = await apiToken(accounts.teacher("ibrahim.bello@example.org"));
    const answer = await districtApi("GET", "/super-admin/districts", promoted);
    expect(answer.status).toBe(200);
  });

  test("the owner hands over the ownership right and is logged out a second later @demo @writes", async ({ page, signIn }) => {
    const { staff } = await me(await apiToken(accounts.admin2));
    // A transfer ends the tokens of both people (their rights changed): each check signs in afresh.
    const owns = async (account: Account) => (await me(await apiToken(account))).isDistrictOwner;
    // One object for the new owner: an owner sets two-step sign-in up at the next sign-in, and it keeps the secret.
    const olumide = accounts.teacher("olumide.fashola@example.org");
    try {
      await signIn(accounts.admin2);
      // The browser's clock is ours from here: the second between notice and logout is counted in its
      // time, which a loaded machine cannot stretch (a starved browser once fired a 1 s timer at 1.76 s).
      await page.clock.install();
      await page.goto("/dashboard/district");
      const panel = page.getByRole("region", { name: "Transfer the ownership right" });
      await expect(panel).toContainText("You own this education district.");
      await panel.getByLabel("New owner").fill("Olumide");
      await page.getByRole("option", { name: /Olumide Fashola/ }).click();
      await panel.getByRole("button", { name: "Transfer ownership" }).click();
      const dialog = page.getByRole("dialog", { name: "Transfer the ownership right?" });
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await panel.getByRole("button", { name: "Transfer ownership" }).click();

      // Spec §4: the session ends 1 s after the notice, which follows the transfer's answer at once.
      const logouts: string[] = [];
      page.on("request", (r) => {
        if (r.url().endsWith("/api/auth/logout") && r.method() === "POST") logouts.push(r.url());
      });
      await page.clock.pauseAt(Date.now() + 1_000);
      await dialog.getByRole("button", { name: "Transfer" }).click();
      // Sonner puts a notice on screen by a timer: the paused clock steps a frame at a time until it is there.
      const notice = page.getByText("Transfer Successfully");
      await expect
        .poll(
          async () => {
            await page.clock.runFor(16);
            return notice.isVisible();
          },
          { intervals: [50] },
        )
        .toBe(true);
      // The second counts from the notice's first paint, within the frame in which it became visible.
      await page.clock.runFor(980);
      await page.waitForTimeout(300); // a logout sent too early would have reached the network by now
      expect(logouts).toEqual([]);
      await page.clock.runFor(40);
      await expect.poll(() => logouts.length).toBe(1);
      await page.clock.resume();
      await page.waitForURL("**/login");

      expect(await owns(olumide)).toBe(true);
      expect(await owns(accounts.admin2)).toBe(false);
    } finally {
      // Hand it back, so the demo district keeps its owner (a retry starts from the same place).
      if (!(await owns(accounts.admin2))) {
        const newOwner = await apiToken(olumide);
        expect((await districtApi("POST", "/staff/transfer-right", newOwner, { staffId: staff.id })).status).toBe(200);
      }
    }
    expect(await owns(accounts.admin2)).toBe(true);
  });

  test("the staff access panel tells when someone was last active @demo", async ({ page, signIn }) => {
    const token = await apiToken(accounts.teacher("babatunde.adeyemi@example.org"));
    await me(token); // an authenticated request records the activity
    await signIn(accounts.admin1, { next: "/administration/user-management/permission-management" });
    const panel = page.getByRole("region", { name: "Check a staff member's access" });
    await panel.getByLabel("Staff member").fill("Babatunde");
    await page.getByRole("option", { name: /Babatunde Adeyemi/ }).click();
    await expect(panel.getByText(/Last active (less than a minute|1 minute) ago/)).toBeVisible();
  });
});
