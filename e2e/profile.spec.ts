import { expectNoSeriousA11yViolations } from "./support/axe";
import { loadedWidth, pngFile } from "./support/images";
import { fakeMapsPlaces, mapsPlace } from "./support/maps";
import { accounts, apiToken, districtApi, expect, latestMailedCode, test, unfolded } from "./support/fixtures";
import { mailboxUrl } from "./support/ports";

test.describe("the user profile", () => {
  test("edit one's own record with the staff form's rules, then see it read again @demo @phone @writes", async ({ page, signIn }, testInfo) => {
    const account = accounts.teacher(testInfo.project.name === "phone-360" ? "segun.afolabi@example.org" : "aisha.yusuf@example.org");
    await fakeMapsPlaces(page);
    await signIn(account, { next: "/dashboard/profile" });
    await expect(page.getByRole("heading", { name: "User profile" })).toBeVisible();
    await page.getByRole("button", { name: "Edit profile" }).click();
    const form = page.getByRole("form", { name: "Edit profile" });
    await expect(form.getByLabel("Title")).toHaveValue(/Mrs|Mr/);
    // The state's terms label the numbers.
    await expect(form.getByLabel("TESCOM Number")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await form.getByLabel("First name").fill("");
    await form.getByLabel("Phone number", { exact: true }).fill("803000000");
    await form.getByRole("textbox", { name: "Date of birth" }).fill("2999-01-01");
    await form.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Validation failed: Please ensure all fields are filled correctly.")).toBeVisible();
    await expect(form.getByText("This field is required")).toBeVisible();
    await expect(form.getByText("Please put in only the last ten digits of your phone number.")).toBeVisible();
    await expect(form.getByText("Date of birth cannot be in the future.")).toBeVisible();

    // No live availability check answers a teacher: the checks tell whether an address or a number exists
    // anywhere in the product, so only staff who create or update staff may ask (issue 35).
    await form.getByLabel("E-mail").fill("admin.ed1@example.org");
    await page.waitForTimeout(1_500);
    await expect(form.getByText("Email already taken")).toBeHidden();
    await form.getByLabel("E-mail").fill(account.email);
    const ownPhone = testInfo.project.name === "phone-360" ? "8090001001" : "8090001002";
    await form.getByLabel("Phone number", { exact: true }).fill(ownPhone);
    // A new phone number takes the current password.
    await form.getByLabel("Current password").fill(account.password);

    await form.getByLabel("First name").fill(testInfo.project.name === "phone-360" ? "Segun" : "Aisha");
    await form.getByRole("textbox", { name: "Date of birth" }).fill("1990-05-17");
    await form.getByRole("button", { name: "Choose date of birth from a calendar" }).click();
    const calendar = page.getByRole("dialog", { name: "Date of birth" });
    await calendar.getByRole("button", { name: /May 20th, 1990/ }).click();
    await expect(form.getByRole("textbox", { name: "Date of birth" })).toHaveValue("1990-05-20");

    const lga = form.getByLabel("Local government of origin");
    await form.getByLabel("State of origin").selectOption("Anambra");
    await expect(lga).toHaveValue("");
    await lga.selectOption("Awka South");
    await form.getByLabel("Marital status (optional)").selectOption("Single");
    // Address suggestions from the places service, which loads 3 s after the page.
    const address = form.getByRole("combobox", { name: "Address" });
    await address.fill("");
    await address.pressSequentially("12 Adeola", { delay: 50 });
    await page.getByRole("option", { name: mapsPlace.description }).click();
    await expect(address).toHaveValue(mapsPlace.description);
    await form.getByRole("button", { name: "Save profile" }).click();
    await expect(page.getByText("Profile Updated Successfully")).toBeVisible();
    await expect(page.getByText("Awka South, Anambra, Nigeria")).toBeVisible();
    await expect(page.getByText("1990-05-20")).toBeVisible();

    await page.reload();
    await expect(page.getByText("Awka South, Anambra, Nigeria")).toBeVisible();
    const stored = (await (await districtApi("GET", "/auth/me", await apiToken(account))).json()) as { staff: Record<string, unknown> };
    expect(stored.staff).toMatchObject({
      stateOfOrigin: "Anambra",
      dob: "1990-05-20",
      maritalStatus: "Single",
      phoneNumber: { code: "+234", number: ownPhone },
      address: mapsPlace.description,
      addressCoordinates: [mapsPlace.lat, mapsPlace.lng],
    });
  });

  test("a new e-mail takes the current password and the code sent to it; the old address is told @stack @writes", async ({ page, signIn }) => {
    const account = accounts.teacher("bisi.adebayo@example.org");
    const newEmail = "bisi.adebayo@school.example.org";
    await signIn(account, { next: "/dashboard/profile" });
    await page.getByRole("button", { name: "Edit profile" }).click();
    const form = page.getByRole("form", { name: "Edit profile" });
    await expect(form.getByLabel("Current password")).toBeHidden();
    await form.getByLabel("E-mail").fill(newEmail);
    await form.getByRole("button", { name: "Save profile" }).click();
    await expect(form.getByText("Enter your current password to change your e-mail or phone number.").first()).toBeVisible();
    await expect(form.getByLabel("Current password")).toHaveAttribute("aria-invalid", "true");

    const requestedAt = Date.now();
    await form.getByLabel("Current password").fill(account.password);
    await form.getByRole("button", { name: "Save profile" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm your new e-mail" });
    await expect(dialog.getByText(newEmail)).toBeVisible();
    // Not changed until the code comes back.
    const before = (await (await districtApi("GET", "/auth/me", await apiToken(account))).json()) as { staff: { email: string } };
    expect(before.staff.email).toBe(account.email);

    const code = await latestMailedCode(newEmail, requestedAt);
    for (const [i, digit] of [...code].entries()) await dialog.getByLabel(`Digit ${i + 1} of 6`).fill(digit);
    await dialog.getByRole("button", { name: "Confirm e-mail" }).click();
    await expect(page.getByText("E-mail Updated Successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(newEmail)).toBeVisible();
    const after = (await (await districtApi("GET", "/auth/me", await apiToken({ ...account, email: newEmail }))).json()) as { staff: { email: string } };
    expect(after.staff.email).toBe(newEmail);
    // The notice to the old address goes out through the outbox just after the change commits: wait for it.
    await expect
      .poll(
        async () => {
          const notices = (await (await fetch(`${mailboxUrl}/messages?to=${encodeURIComponent(account.email)}`)).json()) as { raw: string }[];
          return notices.some((m) => unfolded(m.raw).includes(newEmail));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  });

  test("a square-cropped profile picture is uploaded as JPEG, then the dashboard @demo @writes", async ({ page, signIn }) => {
    const account = accounts.teacher("kelechi.okeke@example.org");
    await signIn(account, { next: "/dashboard/profile" });
    // A file that is not a PNG or JPEG is refused before anything is sent.
    let chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Add a picture" }).click();
    await (await chooser).setFiles({ name: "animation.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a") });
    await expect(page.getByText("animation.gif: Only PNG or JPEG images are accepted.")).toBeVisible();

    chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Add a picture" }).click();
    await (await chooser).setFiles(await pngFile("me.png", "#c0392b", 300, 200));
    const dialog = page.getByRole("dialog", { name: "Crop your profile picture" });
    await expect(dialog.getByRole("img", { name: "Your chosen file" })).toBeVisible();
    await dialog.getByRole("button", { name: "Use this picture" }).click();
    await expect(page.getByText("Profile Picture Updated Successfully")).toBeVisible();
    await page.waitForURL("**/dashboard");

    await page.goto("/dashboard/profile");
    const picture = page.getByRole("img", { name: "Mr Kelechi Okeke" });
    await expect.poll(() => picture.evaluate(loadedWidth)).toBeGreaterThan(0);
    const { staff } = (await (await districtApi("GET", "/auth/me", await apiToken(account))).json()) as { staff: { profilePicture: { Location: string } } };
    const image = await page.request.get(staff.profilePicture.Location);
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    // Square, as cropped: the 200 px high image gives a 180 px square (90 % of it).
    const dimensions = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, staff.profilePicture.Location);
    expect(dimensions[0]).toBe(dimensions[1]);
  });
});
