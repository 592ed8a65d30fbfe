import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DistrictProfile } from "../../../lib/contract/district";
import { authMessages, formInvalidMessage } from "../../../lib/contract/messages";
import type { AuthResult, SignedInUser } from "../../../lib/contract/user";
import { demoPasswords } from "../../db/demo-data";
import { storedImage } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { auditOf, expectError, expectOk, randomId } from "../../test/helpers";
import { imageForm, testImages } from "../../test/images";

type Answer = { district: DistrictProfile };

describe("district profile, logo and images", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;
  let d1: string;
  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
    d1 = admin1.staff.district.id;
  });
  afterAll(() => api.close());

  const view = async (token = admin1.authorizationToken) => (await expectOk<Answer>(await api.call("GET", `/district/view/${d1}`, { token }))).district;
  const upload = (path: string, form: FormData, token = admin1.authorizationToken) => api.call("PATCH", path, { token, form });
  const fetchImage = async (location: string, token = admin1.authorizationToken) => {
    const response = await api.call("GET", location.replace("/api/district", ""), { token });
    expect(response.status).toBe(200);
    return { response, bytes: Buffer.from(await response.arrayBuffer()) };
  };
  const imageRows = async () => (await api.db.select({ n: count() }).from(storedImage))[0]?.n ?? 0;

  describe("GET /district/view/{id} and PATCH /district/update/{id}", () => {
    it("reads and changes the district's details, audited, with the version guarding concurrent edits", async () => {
      const before = await view();
      expect(before).toMatchObject({ name: "Education District I", logo: null, districtImageOne: null, phoneNumbers: ["+2348030000001"] });
      const body = {
        name: "  Education   District One ",
        address: "12 Marina, Lagos",
        phoneNumbers: ["+2348031112222"],
        emails: ["Office@ED1.example.org"],
        version: before.version,
      };
      const { district } = await expectOk<Answer>(await api.call("PATCH", `/district/update/${d1}`, { token: admin1.authorizationToken, body }));
      expect(district).toMatchObject({
        name: "Education District One",
        address: "12 Marina, Lagos",
        phoneNumbers: ["+2348031112222"],
        emails: ["office@ed1.example.org"],
        version: before.version + 1,
      });
      const [entry] = await auditOf(api, d1);
      expect(entry).toMatchObject({ operation: "district.update", before: { name: "Education District I" }, after: { name: "Education District One" } });
      const me = await expectOk<SignedInUser>(await api.call("GET", "/auth/me", { token: admin1.authorizationToken }));
      expect(me.staff.district.name).toBe("Education District One");

      await expectError(
        await api.call("PATCH", `/district/update/${d1}`, { token: admin1.authorizationToken, body }),
        409,
        "Someone else changed this district since you opened it. Reload to see their changes.",
      );
      await expectError(
        await api.call("PATCH", `/district/update/${d1}`, {
          token: admin1.authorizationToken,
          body: { ...body, name: "education district ii", version: district.version },
        }),
        409,
        "Another district of the state already has this name.",
      );
    });

    it("checks the fields with the spec's messages", async () => {
      const { version } = await view();
      const invalid = await expectError(
        await api.call("PATCH", `/district/update/${d1}`, {
          token: admin1.authorizationToken,
          body: { name: "E", address: "", phoneNumbers: ["0803"], emails: ["nope"], version },
        }),
        400,
        formInvalidMessage,
      );
      expect(invalid.issues).toEqual([
        { path: "name", message: "This field must be more than 2 characters" },
        { path: "address", message: "This Field is required" },
        { path: "phoneNumbers.0", message: "Please put in only the last ten digits of your phone number." },
        { path: "emails.0", message: "E-mail must be valid" },
      ]);
    });

    it("hides another district (404) and needs district.view / district.update (403)", async () => {
      await expectError(await api.call("GET", `/district/view/${admin2.staff.district.id}`, { token: admin1.authorizationToken }), 404, authMessages.notFound);
      await expectError(await api.call("GET", `/district/view/${randomId()}`, { token: admin1.authorizationToken }), 404, authMessages.notFound);
      const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
      await expectError(await api.call("GET", `/district/view/${d1}`, { token: teacher.authorizationToken }), 403, authMessages.forbidden);
      await expectError(
        await upload(`/district/upload-logo/${d1}`, imageForm({ file: { bytes: await testImages.png() } }), teacher.authorizationToken),
        403,
        authMessages.forbidden,
      );
    });
  });

  describe("PATCH /district/upload-logo/{id}", () => {
    it("stores the logo as a JPEG without metadata, shows it to the district's staff only, and drops the one it replaces", async () => {
      const { district } = await expectOk<Answer>(
        await upload(`/district/upload-logo/${d1}`, imageForm({ file: { bytes: await testImages.jpegWithGps(), filename: "logo.jpg", type: "image/jpeg" } })),
      );
      const location = district.logo?.Location ?? "";
      expect(location).toMatch(/^\/api\/district\/files\/[0-9a-f-]{36}$/);
      const { response, bytes } = await fetchImage(location);
      expect(response.headers.get("content-type")).toBe("image/jpeg");
      expect(response.headers.get("cache-control")).toContain("private");
      const meta = await sharp(bytes).metadata();
      expect(meta).toMatchObject({ format: "jpeg", width: 80, height: 80 });
      expect(meta.exif).toBeUndefined();
      const me = await expectOk<SignedInUser>(await api.call("GET", "/auth/me", { token: admin1.authorizationToken }));
      expect(me.staff.district.logo).toEqual({ Location: location });

      // Any staff member of the district sees it; another district's staff do not.
      const teacher = await api.login("chiamaka.nwosu@example.org", demoPasswords.staff);
      await fetchImage(location, teacher.authorizationToken);
      await expectError(await api.call("GET", location.replace("/api/district", ""), { token: admin2.authorizationToken }), 404, authMessages.notFound);
      expect((await api.call("GET", location.replace("/api/district", ""))).status).toBe(401);
      const etag = response.headers.get("etag") ?? "";
      expect(
        (await api.call("GET", location.replace("/api/district", ""), { token: admin1.authorizationToken, headers: { "if-none-match": etag } })).status,
      ).toBe(304);

      const rows = await imageRows();
      await expectOk(await upload(`/district/upload-logo/${d1}`, imageForm({ file: { bytes: await testImages.png() } })));
      expect(await imageRows()).toBe(rows);
      expect((await api.call("GET", location.replace("/api/district", ""), { token: admin1.authorizationToken })).status).toBe(404);
    });

    it("refuses what is not a PNG or JPEG by its content, whatever its name, and oversized or flooding images", async () => {
      const rows = await imageRows();
      const { version } = await view();
      await expectError(
        await upload(`/district/upload-logo/${d1}`, imageForm({ file: { bytes: testImages.text(), filename: "logo.png" } })),
        400,
        "Only PNG or JPEG images are accepted.",
      );
      await expectError(
        await upload(`/district/upload-logo/${d1}`, imageForm({ file: { bytes: await testImages.gif(), filename: "logo.jpg", type: "image/jpeg" } })),
        400,
        "Only PNG or JPEG images are accepted.",
      );
      await expectError(
        await upload(`/district/upload-logo/${d1}`, imageForm({ file: { bytes: await testImages.pixelFlood() } })),
        400,
        "The image has too many pixels. Please use a smaller one.",
      );
      await expectError(
        await upload(`/district/upload-logo/${d1}`, imageForm({ file: { bytes: Buffer.alloc(5 * 1024 * 1024 + 1, 7) } })),
        413,
        "The image is larger than 5 MB.",
      );
      await expectError(await upload(`/district/upload-logo/${d1}`, imageForm({})), 400, "Choose an image.");
      await expectError(
        await upload(`/district/upload-logo/${d1}`, imageForm({ file: { bytes: Buffer.alloc(22 * 1024 * 1024, 7) } })),
        413,
        authMessages.bodyTooLarge,
      );
      expect(await imageRows()).toBe(rows);
      expect((await view()).version).toBe(version);
    });

    it("makes a large image at most 1600 pixels on a side", async () => {
      const { district } = await expectOk<Answer>(await upload(`/district/upload-logo/${d1}`, imageForm({ file: { bytes: await testImages.large() } })));
      const { bytes } = await fetchImage(district.logo?.Location ?? "");
      expect(await sharp(bytes).metadata()).toMatchObject({ width: 1600, height: 1067 });
    });
  });

  describe("PATCH /district/upload-district-image/{id} and /district/upload-multiple-images/{id}", () => {
    it("sets one slot by number or name, and several at once", async () => {
      const one = await expectOk<Answer>(
        await upload(`/district/upload-district-image/${d1}`, imageForm({ file: { bytes: await testImages.png() } }, { slot: "2" })),
      );
      expect(one.district.districtImageTwo?.Location).toMatch(/files\//);
      expect(one.district.districtImageOne).toBeNull();
      const named = await expectOk<Answer>(
        await upload(`/district/upload-district-image/${d1}`, imageForm({ file: { bytes: await testImages.png() } }, { slot: "districtImageFour" })),
      );
      expect(named.district.districtImageFour).not.toBeNull();
      await expectError(
        await upload(`/district/upload-district-image/${d1}`, imageForm({ file: { bytes: await testImages.png() } }, { slot: "5" })),
        400,
        "The image slot must be 1, 2, 3 or 4.",
      );

      const many = await expectOk<Answer>(
        await upload(
          `/district/upload-multiple-images/${d1}`,
          imageForm({ districtImageOne: { bytes: await testImages.png() }, districtImageThree: { bytes: await testImages.jpegWithGps(), type: "image/jpeg" } }),
        ),
      );
      expect(many.district.districtImageOne).not.toBeNull();
      expect(many.district.districtImageThree).not.toBeNull();
      expect(many.district.districtImageTwo).toEqual(one.district.districtImageTwo);
    });

    it("sets none when one of several files is bad", async () => {
      const before = await view();
      const rows = await imageRows();
      await expectError(
        await upload(
          `/district/upload-multiple-images/${d1}`,
          imageForm({ districtImageOne: { bytes: await testImages.png() }, districtImageTwo: { bytes: testImages.text() } }),
        ),
        400,
        "Only PNG or JPEG images are accepted.",
      );
      await expectError(await upload(`/district/upload-multiple-images/${d1}`, imageForm({})), 400, "Choose at least one image.");
      expect(await view()).toEqual(before);
      expect(await imageRows()).toBe(rows);
      expect(await api.db.select({ id: storedImage.id }).from(storedImage).where(eq(storedImage.districtId, admin2.staff.district.id))).toEqual([]);
    });
  });
});
