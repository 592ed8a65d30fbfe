import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import { staffRegisterMessages } from "../../../lib/contract/staff-values";
import type { AuthResult, SignedInUser, StaffProfile } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, present, randomId, staffRow } from "../../test/helpers";
import { imageForm, testImages } from "../../test/images";

const details = {
  title: "Dr",
  firstName: "Chiamaka",
  lastName: "Nwosu-Bello",
  middleName: "",
  oracleNumber: "OR-7788",
  tescomNumber: "TS-5566",
  gender: "Female",
  dob: "1988-04-12",
  phoneCode: "+234",
  phoneNumber: "8091234567",
  email: "Chiamaka.Nwosu@example.org",
  address: "4 Allen Avenue, Ikeja",
  addressCoordinates: [6.6, 3.35],
  countryOfOrigin: "Nigeria",
  stateOfOrigin: "Anambra",
  localGovernmentOfOrigin: "Awka South",
  countryOfResidence: "Nigeria",
  stateOfResidence: "Lagos",
  localGovernmentOfResidence: "Ikeja",
  areaOfSpecialization: "Chemistry",
  dateOfEmployment: "2012-09-01",
  maritalStatus: "Married",
  // The phone number differs from the teacher's own, which takes the current password.
  currentPassword: demoPasswords.staff,
};

describe("staff records: view, update, profile picture", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let teacher: AuthResult;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, teacher] = await Promise.all([api.loginAdmin(1), api.login("chiamaka.nwosu@example.org", demoPasswords.staff)]);
  });
  afterAll(() => api.close());

  const view = (id: string, token: string) => api.call("GET", `/staff/view-staff/${id}`, { token });
  const update = (id: string, token: string, body: unknown) => api.call("PATCH", `/staff/update/${id}`, { token, body });
  const current = async (id: string) => (await expectOk<{ staff: StaffProfile }>(await view(id, admin1.authorizationToken))).staff;

  it("lets anyone read and change their own record; the change is stored, versioned and audited", async () => {
    const mine = (await expectOk<{ staff: StaffProfile }>(await view(teacher.staff.id, teacher.authorizationToken))).staff;
    const { staff } = await expectOk<{ staff: StaffProfile }>(
      await update(teacher.staff.id, teacher.authorizationToken, { ...details, version: mine.version }),
    );
    expect(staff).toMatchObject({
      title: "Dr",
      lastName: "Nwosu-Bello",
      middleName: null,
      email: "chiamaka.nwosu@example.org",
      phoneNumber: { code: "+234", number: "8091234567" },
      dob: "1988-04-12",
      stateOfOrigin: "Anambra",
      localGovernmentOfOrigin: "Awka South",
      dateOfEmployment: "2012-09-01",
      dateOfLastPromotion: null,
      maritalStatus: "Married",
      addressCoordinates: [6.6, 3.35],
      staffType: mine.staffType,
      version: mine.version + 1,
    });
    const row = await staffRow(api, "chiamaka.nwosu@example.org");
    expect(row).toMatchObject({ tescomNumber: "TS-5566", areaOfSpecialization: "Chemistry", version: mine.version + 1 });
    const [entry] = await auditOf(api, teacher.staff.id);
    expect(entry).toMatchObject({ operation: "staff.update", actorStaffId: teacher.staff.id, after: expect.objectContaining({ lastName: "Nwosu-Bello" }) });
    expect(JSON.stringify(entry)).not.toContain("passwordHash");

    await expectError(
      await update(teacher.staff.id, teacher.authorizationToken, { ...details, version: mine.version }),
      409,
      "This record was changed by someone else since you opened it. Reload to see the changes.",
    );
  });

  it("cannot change one's own staff type, status or super-administrator flag", async () => {
    const mine = await current(teacher.staff.id);
    await expectOk(
      await update(teacher.staff.id, teacher.authorizationToken, {
        ...details,
        version: mine.version,
        staffType: "Non-Teaching",
        accountStatus: "Suspended",
        isSuperAdmin: true,
      }),
    );
    expect(await staffRow(api, "chiamaka.nwosu@example.org")).toMatchObject({ staffType: mine.staffType, accountStatus: "Active", isSuperAdmin: false });
  });

  it("refuses an e-mail or phone number another staff member has, with the spec's messages", async () => {
    const mine = await current(teacher.staff.id);
    await expectError(
      await update(teacher.staff.id, teacher.authorizationToken, { ...details, email: "ADMIN.ed1@example.org", version: mine.version }),
      409,
      "Email already taken",
    );
    await expectError(
      await update(teacher.staff.id, teacher.authorizationToken, { ...details, phoneNumber: "8030000001", version: mine.version }),
      409,
      "Phone Number already in use",
    );
  });

  it("refuses an oracle or staff number another staff member of the state has, as adding one does", async () => {
    const mine = await current(teacher.staff.id);
    const admin = await staffRow(api, "admin.ed1@example.org");
    for (const [field, value] of [
      ["oracleNumber", admin.oracleNumber],
      ["tescomNumber", ` ${admin.tescomNumber?.toLowerCase()} `],
    ] as const) {
      const answer = await update(teacher.staff.id, teacher.authorizationToken, { ...details, [field]: value, version: mine.version });
      expect(answer.status).toBe(409);
      expect(await answer.json()).toMatchObject({ message: formInvalidMessage, issues: [{ path: field, message: staffRegisterMessages.numberTaken }] });
    }
    expect((await current(teacher.staff.id)).version).toBe(mine.version);
  });

  it("checks every field with the spec's messages, and that the LGA lies in the state", async () => {
    const mine = await current(teacher.staff.id);
    const empty = await expectError(
      await update(teacher.staff.id, teacher.authorizationToken, {
        version: mine.version,
        title: "",
        firstName: "",
        lastName: "Ab",
        phoneNumber: "080",
        email: "x",
        dob: "2999-01-01",
      }),
      400,
      formInvalidMessage,
    );
    const byPath = Object.fromEntries((empty.issues ?? []).map((i) => [i.path, i.message]));
    expect(byPath).toMatchObject({
      title: "This Field is required",
      firstName: "This field is required",
      lastName: "This field must be more than 2 characters",
      oracleNumber: "This Field is required",
      gender: "This Field is required",
      dob: "Date of birth cannot be in the future.",
      phoneNumber: "Please put in only the last ten digits of your phone number.",
      email: "E-mail must be valid",
      stateOfOrigin: "State is required",
      localGovernmentOfResidence: "Local Government is required",
    });
    const wrongPlace = await expectError(
      await update(teacher.staff.id, teacher.authorizationToken, { ...details, localGovernmentOfOrigin: "Ikeja", version: mine.version }),
      400,
      formInvalidMessage,
    );
    expect(wrongPlace.issues).toEqual([{ path: "localGovernmentOfOrigin", message: "Local Government is required" }]);
    const badDate = await expectError(
      await update(teacher.staff.id, teacher.authorizationToken, { ...details, dob: "1990-02-30", version: mine.version }),
      400,
      formInvalidMessage,
    );
    expect(badDate.issues).toEqual([{ path: "dob", message: "Enter the date as day/month/year, e.g. 14/05/1972." }]);
  });

  it("needs staff.view / staff.update for another's record, and hides other districts", async () => {
    const colleague = await staffRow(api, "ngozi.obi@example.org");
    await expectError(await view(colleague.id, teacher.authorizationToken), 403, authMessages.forbidden);
    await expectError(
      await update(colleague.id, teacher.authorizationToken, { ...details, email: "x.y@example.org", phoneNumber: "8090000000", version: colleague.version }),
      403,
      authMessages.forbidden,
    );
    expect((await expectOk<{ staff: StaffProfile }>(await view(colleague.id, admin1.authorizationToken))).staff.email).toBe("ngozi.obi@example.org");
    const changed = await expectOk<{ staff: StaffProfile }>(
      await update(colleague.id, admin1.authorizationToken, {
        ...details,
        firstName: "Ngozi",
        lastName: "Obi",
        // Her own numbers: the teacher's (in details) are taken.
        oracleNumber: present(colleague.oracleNumber),
        tescomNumber: present(colleague.tescomNumber),
        email: "ngozi.obi@example.org",
        phoneNumber: "8090000001",
        version: colleague.version,
      }),
    );
    expect(changed.staff.firstName).toBe("Ngozi");
    const elsewhere = await staffRow(api, "zainab.umar@example.org");
    await expectError(await view(elsewhere.id, admin1.authorizationToken), 404, authMessages.notFound);
    await expectError(await view(randomId(), admin1.authorizationToken), 404, authMessages.notFound);
  });

  it("sets one's own profile picture as a JPEG, and it comes back with the signed-in user", async () => {
    const answer = await expectOk<{ Location: string }>(
      await api.call("PATCH", `/staff/update-profile-picture/${teacher.staff.id}`, {
        token: teacher.authorizationToken,
        form: imageForm({ file: { bytes: await testImages.jpegWithGps(), type: "image/jpeg" } }),
      }),
    );
    expect(answer.Location).toMatch(/^\/api\/district\/files\//);
    const me = await expectOk<SignedInUser>(await api.call("GET", "/auth/me", { token: teacher.authorizationToken }));
    expect(me.staff.profilePicture).toEqual(answer);
    const image = await api.call("GET", answer.Location.replace("/api/district", ""), { token: teacher.authorizationToken });
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).exif).toBeUndefined();

    const colleague = await staffRow(api, "tunde.bakare@example.org");
    await expectError(
      await api.call("PATCH", `/staff/update-profile-picture/${colleague.id}`, {
        token: teacher.authorizationToken,
        form: imageForm({ file: { bytes: await testImages.png() } }),
      }),
      403,
      authMessages.forbidden,
    );
    await expectError(
      await api.call("PATCH", `/staff/update-profile-picture/${teacher.staff.id}`, {
        token: teacher.authorizationToken,
        form: imageForm({ file: { bytes: testImages.text(), filename: "me.jpg" } }),
      }),
      400,
      "Only PNG or JPEG images are accepted.",
    );
  });
});
