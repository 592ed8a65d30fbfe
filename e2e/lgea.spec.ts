import { lgeaMessages } from "../lib/contract/lgea-values";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectFitsScreen } from "./support/fits-screen";
import { apiJson, me } from "./support/district-admin";
import { accounts, apiToken, districtApi, expect, latestMailedCode, signInThroughForm, test, unfolded } from "./support/fixtures";
import { fakeMapsPlaces } from "./support/maps";
import { mailboxUrl, portalUrl } from "./support/ports";
import { stamp } from "./support/stamp";

const LIST = "/administration/lga-management";
const CREATE = `${LIST}/lga-creation`;
const SCHOOLS = "/administration/school-management";

/**
 * Local governments of Lagos that no demo district has an LGEA for (services/db/demo-data.ts), one list per
 * project: the desktop and phone projects run the same test at the same time on one database, and a retry
 * runs on the database its first attempt left, so each attempt of each project takes an LGA of its own.
 */
const freeLgas: Record<string, string[]> = {
  desktop: ["Amuwo-Odofin", "Apapa", "Badagry"],
  "phone-360": ["Ajeromi-Ifelodun", "Eti-Osa", "Ojo"],
};
const lgaFor = (project: string, retry: number) => freeLgas[project]?.[retry] ?? `no free LGA for ${project}, attempt ${retry + 1}`;

/** Ten digits no other run uses (a hash of the seed), outside the 81… numbers of the staff tests. */
function phoneOf(seed: string) {
  let hash = 0;
  for (const char of seed) hash = (hash * 131 + char.charCodeAt(0)) % 100_000_000;
  return `70${String(hash).padStart(8, "0")}`;
}

/** The code screen's address as the invitation e-mailed to `email` gives it (the message's text is quoted-printable). */
async function mailedCodeScreenLink(email: string, after: number): Promise<URL> {
  const messages = (await (await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as { raw: string; receivedAt: number }[];
  const text = unfolded(messages.filter((m) => m.receivedAt >= after).at(-1)?.raw ?? "").replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  const link = /(\S*\/password\/update-password-otp\/?\?email=\S+)/.exec(text)?.[1];
  expect(link, `a link to the code screen in the invitation to ${email}`).toBeTruthy();
  return new URL(link ?? "", portalUrl);
}

test.describe("LGEA portals", () => {
  // District 2: district 1's figures are other tests'.
  test("create an LGEA portal with a new administrator, who sets a password and works only with their LGEA's schools @phone @stack @writes", async ({
    page,
    browser,
    signIn,
  }, testInfo) => {
    test.setTimeout(120_000);
    const seed = stamp();
    const lga = lgaFor(testInfo.project.name, testInfo.retry);
    const lgeaName = `${lga} LGEA`;
    const admin = { firstName: "Obiageli", lastName: `Lgea${seed}`, email: `lgea.admin.${seed}@staff.example.org` };
    const officeEmail = `office.${seed}@lgea.example.org`;

    await fakeMapsPlaces(page);
    await signIn(accounts.admin2, { next: LIST });
    await expect(page.getByRole("heading", { name: "LGEA portals", level: 1 })).toBeVisible();
    // The demo's portals, each with its local government, counts and administrator (or 'Not Assigned').
    const kosofe = page.getByRole("article", { name: "Kosofe LGEA" });
    await expect(kosofe).toBeVisible();
    await expect(kosofe.locator("dt", { hasText: /^Schools$/ }).locator("+ dd")).not.toBeEmpty();
    await expectNoSeriousA11yViolations(page);
    if (testInfo.project.name === "phone-360") await expectFitsScreen(page);

    await page.getByRole("link", { name: "Create LGEA portal" }).click();
    await page.waitForURL(`**${CREATE}`);
    await expect(page.getByRole("heading", { name: "Create LGEA portal", level: 1 })).toBeVisible();
    const form = page.getByRole("form", { name: "New LGEA portal" });
    const lgaSelect = form.getByLabel("Local government", { exact: true });
    await expect(lgaSelect.locator(`option[value="${lga}"]`)).toHaveCount(1);
    // The demo district's own LGAs are taken already.
    await expect(lgaSelect.locator('option[value="Kosofe"]')).toHaveCount(0);

    // Nothing filled in: the spec's messages, and the administrator still to be chosen.
    await form.getByRole("button", { name: "Review" }).click();
    await expect(page.getByText("Validation failed: Please ensure all fields are filled correctly.")).toBeVisible();
    await expect(form.getByText("Local Government is required")).toBeVisible();
    await expect(form.getByText(lgeaMessages.administratorRequired)).toBeVisible();

    // An existing staff member is picked with the staff search, shown, and can be changed.
    await form.getByRole("combobox", { name: "Find the staff member" }).fill("Yetunde");
    await page.getByRole("option", { name: /Yetunde Lawal/ }).click();
    const chosen = form.getByRole("group", { name: "Chosen administrator" });
    await expect(chosen).toContainText("Yetunde Lawal");
    await expect(form.getByText(lgeaMessages.administratorRequired)).toBeHidden();
    await chosen.getByRole("button", { name: /^Change/ }).click();
    await expect(form.getByRole("combobox", { name: "Find the staff member" })).toBeVisible();

    // The portal's details.
    await lgaSelect.selectOption(lga);
    await expect(form.getByLabel("LGEA name")).toHaveValue(lgeaName);
    await form.getByRole("combobox", { name: "Office address" }).fill(`4 Council Road, ${lga}, Lagos`);
    await form.getByRole("textbox", { name: "Office phone numbers", exact: true }).fill(phoneOf(`office-${seed}`));
    await form.getByRole("button", { name: "Add to Office phone numbers" }).click();
    await expect(form.getByRole("list", { name: "Office phone numbers" })).toContainText(`+234${phoneOf(`office-${seed}`)}`);
    const officeEmails = form.getByRole("textbox", { name: "Office e-mails", exact: true });
    await officeEmails.fill(officeEmail);
    await officeEmails.press("Enter");
    await expect(form.getByRole("list", { name: "Office e-mails" })).toContainText(officeEmail);

    // A new staff member as its administrator: the staff form, checked like the new-staff page's.
    await form.getByRole("radio", { name: "A new staff member" }).check();
    await form.getByRole("button", { name: "Review" }).click();
    await expect(form.getByText("E-mail is required")).toBeVisible();
    await expect(form.getByText("Phone Number is required")).toBeVisible();
    await expect(form.getByLabel("Title")).toHaveValue("Mr");
    await expectNoSeriousA11yViolations(page);
    if (testInfo.project.name === "phone-360") await expectFitsScreen(page);

    await form.getByLabel("Title").selectOption("Mrs");
    await form.getByLabel("First name").fill(admin.firstName);
    await form.getByLabel("Last name").fill(admin.lastName);
    await form.getByLabel("Oracle Number").fill(`OR-LGEA-${seed}`);
    await form.getByLabel("Tescom Number").fill(`TS-LGEA-${seed}`);
    await form.getByLabel("Gender").selectOption("Female");
    await form.getByRole("textbox", { name: "Date of birth" }).fill("1984-02-14");
    await form.getByLabel("Phone number", { exact: true }).fill(phoneOf(`admin-${seed}`));
    await form.getByLabel("E-mail", { exact: true }).fill(admin.email);
    await form.getByRole("combobox", { name: "Address", exact: true }).fill("7 Unity Close, Lagos");
    await form.getByLabel("State of origin").selectOption("Lagos");
    await expect(form.getByLabel("Local government of origin")).toHaveValue("Ikorodu");
    await form.getByLabel("State of residence").selectOption("Lagos");
    await expect(form.getByLabel("Local government of residence")).toHaveValue("Ikorodu");
    await form.getByLabel("Staff type").selectOption("Teaching");
    await form.getByRole("button", { name: "Review" }).click();

    // The review, then the notice, and a second later the same page with a blank form for the next portal.
    await expect(page.getByRole("heading", { name: "Review the new LGEA portal" })).toBeVisible();
    await expect(page.locator("dt", { hasText: /^Local government$/ }).locator("+ dd")).toHaveText(lga);
    await expect(page.locator("dt", { hasText: /^Administrator's e-mail$/ }).locator("+ dd")).toHaveText(admin.email);
    const savedAt = Date.now();
    await page.getByRole("button", { name: "Create LGEA portal" }).click();
    await expect(page.getByText("LGEA Portal Created Successfully")).toBeVisible();
    const blank = page.getByRole("form", { name: "New LGEA portal" });
    await expect(blank.getByLabel("LGEA name")).toHaveValue("");
    expect(Date.now() - savedAt).toBeGreaterThanOrEqual(1_000);
    await expect(page).toHaveURL(new RegExp(`${CREATE}$`));
    await expect(blank.getByLabel("Local government", { exact: true })).toHaveValue("");
    await expect(blank.getByRole("combobox", { name: "Office address" })).toHaveValue("");
    await expect(blank.getByRole("list", { name: "Office e-mails" })).toHaveCount(0);
    await expect(blank.getByRole("radio", { name: "An existing staff member" })).toBeChecked();
    // A second portal for the same local government cannot be asked for: it is no longer offered, even after a reload.
    await expect(blank.getByLabel("Local government", { exact: true }).locator(`option[value="${lga}"]`)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("form", { name: "New LGEA portal" }).getByLabel("Local government", { exact: true }).locator("option")).not.toHaveCount(0);
    await expect(page.getByLabel("Local government", { exact: true }).locator(`option[value="${lga}"]`)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // The list shows the new portal with its administrator and contacts.
    await page.goto(LIST);
    const card = page.getByRole("article", { name: lgeaName });
    await expect(card).toContainText(lga);
    await expect(card).toContainText(`${admin.firstName} ${admin.lastName}`);
    await expect(card).toContainText(officeEmail);
    await expect(card.locator("dt", { hasText: /^Schools$/ }).locator("+ dd")).toHaveText("0");
    await expectNoSeriousA11yViolations(page);
    if (testInfo.project.name === "phone-360") await expectFitsScreen(page);

    // Nor through the API: the local government has its portal.
    let token = await apiToken(accounts.admin2);
    const { staff: districtAdmin } = await me(token);
    const again = await districtApi("POST", "/staff/register-lga-admin-on-district-portal", token, {
      name: `${lga} LGEA again ${seed}`,
      localGovernment: lga,
      address: "5 Council Road",
      phoneNumbers: [],
      emails: [],
      administrator: { kind: "existing", staffId: districtAdmin.id },
    });
    expect([400, 409]).toContain(again.status);
    expect(await again.text()).toContain(lgeaMessages.localGovernmentTaken);

    // A school in the new LGEA's local government, and one of another LGEA of the district.
    token = await apiToken(accounts.admin2);
    const schoolName = `${lga} Community Primary School ${seed}`;
    const added = await districtApi("POST", "/school/add", token, {
      name: schoolName,
      description: "A school of the new LGEA",
      address: `2 School Road, ${lga}, Lagos`,
      localGovernment: lga,
      category: "Primary",
    });
    expect(added.status).toBe(201);
    const other = await apiJson<{ foundSchools: { id: string; name: string }[] }>(
      token,
      `/school/search?district=${districtAdmin.district.id}&searchTerm=${encodeURIComponent("Kosofe Junior Grammar School")}`,
    );
    const otherSchool = other.foundSchools.find((s) => s.name === "Kosofe Junior Grammar School");
    expect(otherSchool, "district 2's school of the Kosofe LGEA").toBeTruthy();

    // The invitation: a code, and a link to the code screen with the e-mail filled in, opened in a browser that never signed in.
    const code = await latestMailedCode(admin.email, savedAt);
    const link = await mailedCodeScreenLink(admin.email, savedAt);
    expect(link.searchParams.get("email")).toBe(admin.email);
    const guest = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
    const invited = await guest.newPage();
    await invited.goto(`${link.pathname}${link.search}`);
    await expect(invited.getByText(admin.email)).toBeVisible();
    for (const [i, digit] of [...code].entries()) await invited.getByLabel(`Digit ${i + 1} of 6`).fill(digit);
    const password = "Lgea#Admin2026";
    await invited.getByLabel("New password", { exact: true }).fill(password);
    await invited.getByLabel("Confirm new password").fill(password);
    await invited.getByRole("button", { name: "Update password" }).click();
    await expect(invited.getByText("Password Updated Successfully")).toBeVisible();
    await invited.waitForURL("**/login");
    await signInThroughForm(invited, { email: admin.email, password });
    await expect(invited).toHaveURL(/\/dashboard$/);

    // The second dashboard layout, and only their LGEA's schools.
    await expect(invited.getByRole("navigation", { name: "Main", exact: true }).getByRole("link")).toHaveText([
      "Dashboard",
      "Permission/Roles",
      "School Management",
      "Student Management",
    ]);
    await invited.goto(SCHOOLS);
    await expect(invited.getByRole("heading", { name: "School management" })).toBeVisible();
    await expect(invited.getByRole("article", { name: schoolName })).toBeVisible();
    await expect(invited.getByRole("article", { name: "Kosofe Junior Grammar School" })).toHaveCount(0);
    await invited.goto(`${SCHOOLS}/edit-school/${otherSchool?.id ?? ""}`);
    await expect(invited.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
    await guest.close();
  });
});
