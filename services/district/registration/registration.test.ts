import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageMessages } from "../../../lib/contract/images";
import { districtStatusRefusal, formInvalidMessage } from "../../../lib/contract/messages";
import { registrationMessages as m, type OwnRegistration } from "../../../lib/contract/registration";
import { classType, district, districtConfiguration, districtRegistration, role, roleAccess, staff, storedImage, wallet } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectError, expectOk, present } from "../../test/helpers";
import { testImages } from "../../test/images";
import { registrantPassword, registrationCalls, validRegistration } from "./test-support";

describe("POST /staff/register: a district registers itself", () => {
  let api: TestApi;
  let calls: ReturnType<typeof registrationCalls>;
  beforeAll(async () => {
    api = await createTestApi({ REGISTRATION_LIMIT_PER_IP: 1000, REGISTRATION_LIMIT_PER_EMAIL: 1000 });
    calls = registrationCalls(api);
  });
  afterAll(() => api.close());

  const districtsNamed = (name: string) => api.db.select().from(district).where(eq(district.name, name));

  it("creates the district (Unverified) and its administrator (Active, owner, District Administrator) with what every district starts with, and signs them in", async () => {
    const { input, result } = await calls.register();
    expect(result.authorizationToken).toEqual(expect.any(String));
    expect(result.staff).toMatchObject({ email: input.staff.email, firstName: "Ngozi", accountStatus: "Active", isSuperAdmin: false });
    expect(result.staff.district).toMatchObject({ name: input.district.name, accountStatus: "Unverified" });

    const [created] = await districtsNamed(input.district.name);
    const d = present(created, "district");
    const [admin] = await api.db.select().from(staff).where(eq(staff.districtId, d.id));
    expect(d).toMatchObject({
      accountStatus: "Unverified",
      ownerStaffId: admin?.id,
      address: input.district.address,
      phoneNumbers: input.district.phoneNumbers,
      emails: input.district.emails,
    });
    expect(admin).toMatchObject({ username: input.staff.username, accountStatus: "Active", staffType: "Non-Teaching" });
    // The phone and staff numbers wait on the registration until approval: not reserved against staff.
    expect(admin).toMatchObject({ oracleNumber: null, tescomNumber: null, phoneCode: "pending", phoneNumber: admin?.id });
    expect(admin?.passwordHash).not.toContain(registrantPassword);
    const accesses = await api.db
      .select({ systemKey: role.systemKey, type: roleAccess.organizationType, organizationId: roleAccess.organizationId })
      .from(roleAccess)
      .innerJoin(role, eq(role.id, roleAccess.roleId))
      .where(eq(roleAccess.staffId, present(admin).id));
    expect(accesses).toEqual([{ systemKey: "district-admin", type: "District", organizationId: d.id }]);
    expect(await api.db.select().from(role).where(eq(role.districtId, d.id))).toHaveLength(2);
    expect((await api.db.select().from(classType).where(eq(classType.districtId, d.id))).length).toBeGreaterThan(10);
    expect(await api.db.select().from(districtConfiguration).where(eq(districtConfiguration.districtId, d.id))).toHaveLength(1);
    expect(await api.db.select({ balance: wallet.balance }).from(wallet).where(eq(wallet.districtId, d.id))).toEqual([{ balance: 0 }]);
    const [registration] = await api.db.select().from(districtRegistration).where(eq(districtRegistration.districtId, d.id));
    expect(registration).toMatchObject({
      registrantStaffId: admin?.id,
      status: "AwaitingReview",
      reason: null,
      phoneCode: "+234",
      phoneNumber: input.staff.phoneNumber,
      oracleNumber: input.staff.oracleNumber,
      tescomNumber: input.staff.tescomNumber,
    });

    // Their own notice reads where the registration stands; every district operation is refused, naming the status.
    const token = result.authorizationToken;
    const own = await expectOk<OwnRegistration>(await api.call("GET", "/district/registration", { token }));
    expect(own.registration).toMatchObject({ status: "AwaitingReview", reason: null });
    await expectError(await api.call("GET", "/school/search", { token }), 403, districtStatusRefusal("Unverified"));
    await expectError(await api.call("GET", `/role/get-roles-for-organization/${d.id}`, { token }), 403, districtStatusRefusal("Unverified"));
    // They sign in again with their username as well as their e-mail.
    expect((await api.login(input.staff.username, registrantPassword)).staff.id).toBe(admin?.id);
  });

  it("stores the logo re-encoded as JPEG, and refuses a file that is not a picture or is too large, creating nothing", async () => {
    const { input } = await calls.register();
    await api.mailer.flush();
    const withLogo = validRegistration(await calls.stateId());
    withLogo.verificationId = await calls.verifiedId(withLogo.staff.email);
    const before = await api.db.select({ n: sql<number>`count(*)::int` }).from(district);

    await expectError(await calls.submit(withLogo, { bytes: testImages.text() }), 400, imageMessages.notAnImage);
    const big = Buffer.concat([await testImages.png(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooLarge = await calls.submit(withLogo, { bytes: big });
    expect(tooLarge.status).toBe(413);
    expect(await api.db.select({ n: sql<number>`count(*)::int` }).from(district)).toEqual(before);

    const result = await expectOk<{ staff: { district: { logo: { Location: string } | null } } }>(
      await calls.submit(withLogo, { bytes: await testImages.png() }),
      201,
    );
    const logoId = present(result.staff.district.logo).Location.split("/").at(-1) ?? "";
    const [image] = await api.db.select().from(storedImage).where(eq(storedImage.id, logoId));
    expect(Buffer.from(present(image).bytes).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(input.district.name).not.toBe(withLogo.district.name);
  });

  it("makes one district of a registration sent twice, at once or again later: its verification serves one attempt", async () => {
    const input = validRegistration(await calls.stateId());
    input.verificationId = await calls.verifiedId(input.staff.email);
    const answers = await Promise.all([calls.submit(input), calls.submit(input)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const again = await calls.submit(input);
    expect(again.status).toBe(400);
    // Verified again, the address is taken by the first.
    input.verificationId = await calls.verifiedId(input.staff.email);
    expect((await expectError(await calls.submit(input), 409, formInvalidMessage)).issues).toContainEqual({
      path: "staff.email",
      message: "Email already taken",
    });
    expect(await districtsNamed(input.district.name)).toHaveLength(1);
    expect(
      await api.db
        .select()
        .from(staff)
        .where(eq(sql`lower(${staff.email})`, input.staff.email)),
    ).toHaveLength(1);
  });

  it("refuses an address that was not verified, or verified for another address, or whose code was never checked", async () => {
    const input = validRegistration(await calls.stateId());
    const sent = await expectOk<{ verificationId: string }>(await calls.requestCode(input.staff.email), 201);
    input.verificationId = sent.verificationId; // asked for, never verified
    const unverified = await expectError(await calls.submit(input), 400, formInvalidMessage);
    expect(unverified.issues).toEqual([{ path: "staff.email", message: m.emailNotVerified }]);
    input.verificationId = await calls.verifiedId("someone.else@registering.example");
    expect((await expectError(await calls.submit(input), 400, formInvalidMessage)).issues).toEqual([{ path: "staff.email", message: m.emailNotVerified }]);
    expect(await districtsNamed(input.district.name)).toHaveLength(0);
  });

  it("answers the clashes of the username and the district's name with their texts, never of the phone or staff numbers, and creates nothing", async () => {
    const { input: first } = await calls.register();
    const clash = validRegistration(first.district.stateId);
    clash.staff.phoneNumber = first.staff.phoneNumber;
    clash.staff.username = first.staff.username.toUpperCase();
    clash.staff.oracleNumber = first.staff.oracleNumber;
    clash.district.name = ` ${first.district.name.toLowerCase()} `;
    clash.verificationId = await calls.verifiedId(clash.staff.email);
    const refused = await expectError(await calls.submit(clash), 409, formInvalidMessage);
    expect(refused.issues).toEqual([
      { path: "staff.username", message: m.usernameTaken },
      { path: "district.name", message: "Another district of the state already has this name." },
    ]);
    // A demo administrator's e-mail, once verified, is taken.
    const taken = validRegistration(first.district.stateId);
    taken.staff.email = "admin.ed2@example.org";
    taken.verificationId = await calls.verifiedId(taken.staff.email);
    expect((await expectError(await calls.submit(taken), 409, formInvalidMessage)).issues).toEqual([{ path: "staff.email", message: "Email already taken" }]);
    expect(
      await api.db
        .select()
        .from(staff)
        .where(and(eq(staff.email, clash.staff.email))),
    ).toHaveLength(0);
    expect(await districtsNamed(clash.district.name)).toHaveLength(0);
  });
});
