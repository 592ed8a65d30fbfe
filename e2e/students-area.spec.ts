import type { Page } from "@playwright/test";
import { routes } from "../lib/routes";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectFitsScreen } from "./support/fits-screen";
import { accounts, expect, test } from "./support/fixtures";

// The students area of the hub: its counts, its actions, and the way from a school's count to the register.

const AREA = routes.studentManagement;
const REGISTER = routes.admissionRegister;

const register = (page: Page) => page.getByRole("table", { name: /^Students, page 1/ });

test.describe("students: the area and the admission register", () => {
  // District 1, read only: its 48 seeded pupils (the dashboard's figures) are counted, never changed.
  test("open the students area from the hub: the counts, the actions, and a school's pupils in the register @demo @phone", async ({ page, signIn }) => {
    await signIn(accounts.admin1, { next: routes.administration });
    await page.getByRole("link", { name: "Student management" }).click();
    await expect(page).toHaveURL(new RegExp(`${AREA}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Student management" })).toBeVisible();

    // The seed: 12 pupils at the senior school, 16 at the junior one, 20 at the primary school; half of each are girls.
    const counts = page.getByRole("region", { name: "Enrolled students" });
    await expect(counts).toContainText("48");
    const byGender = page.getByRole("table", { name: "Students by gender" });
    await expect(byGender.getByRole("row", { name: /^Female/ })).toContainText("24");
    await expect(byGender.getByRole("row", { name: /^Male/ })).toContainText("24");
    const byLevel = page.getByRole("table", { name: "Students by class level" });
    await expect(byLevel.getByRole("row", { name: /^Senior Secondary/ })).toContainText("12");
    await expect(byLevel.getByRole("row", { name: /^Junior Secondary/ })).toContainText("16");
    await expect(byLevel.getByRole("row", { name: /^Primary/ })).toContainText("20");
    const bySchool = page.getByRole("table", { name: "Students by school" });
    await expect(bySchool.getByRole("row", { name: /^Ifako Community Primary School/ })).toContainText("20");

    // The district administrator may do everything the area offers.
    const actions = page.getByRole("navigation", { name: "Student actions" });
    await expect(actions.getByRole("link", { name: "Admit a student" })).toHaveAttribute("href", routes.newStudent);
    await expect(actions.getByRole("link", { name: "Open the admission register" })).toHaveAttribute("href", REGISTER);
    await expect(actions.getByRole("link", { name: "Group moves" })).toHaveAttribute("href", routes.studentMoves);
    // Upload and download: the spreadsheet panel.
    const spreadsheets = page.getByRole("region", { name: "Students spreadsheets" });
    await expect(spreadsheets.getByRole("link", { name: "Download students" })).toHaveAttribute("href", /\/api\/district\/student\/download\?/);
    await expect(spreadsheets.getByRole("link", { name: "Template" })).toBeVisible();
    await expect(spreadsheets.getByRole("button", { name: "Upload students" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);

    // A school's count opens the register filtered to that school.
    await bySchool.getByRole("link", { name: "Ifako Community Primary School" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Admission register" })).toBeVisible();
    await expect(page).toHaveURL(/school=[0-9a-f-]{36}/);
    await expect(page.getByText("20 students", { exact: true })).toBeVisible();
    // Twenty rows and the header, of which the table draws those near the screen.
    await expect(register(page)).toHaveAttribute("aria-rowcount", "21");
    const drawn = register(page)
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader") });
    await expect(drawn.first()).toContainText("Ifako Community Primary School");
    await expect(drawn.filter({ hasNotText: "Ifako Community Primary School" })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await expectFitsScreen(page);
  });
});
