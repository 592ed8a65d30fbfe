import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportRowsPage } from "../../../lib/contract/imports";
import { notificationText, type NotificationItem, type NotificationPage, type UnreadCount } from "../../../lib/contract/notifications";
import type { StaffCreated } from "../../../lib/contract/staff";
import { todayInLagos } from "../../../lib/contract/staff-values";
import type { AuthResult } from "../../../lib/contract/user";
import { chargeAs, fund, schoolWithPupils } from "../../billing/report-cards/test-fixtures";
import { districtConfiguration, outbox, school, wallet } from "../../db/schema";
import { createTestApi, type TestApi } from "../../test/harness";
import { expectOk, present } from "../../test/helpers";
import { workbooks } from "../../test/workbooks";
import { newStaffForm } from "../lgeas/test-fixtures";

/**
 * The notification bell (issue: the notification bell): what happened to or for the signed-in user, in
 * their own list, counted unread until marked read, and no one else's to read.
 */
describe("notifications", () => {
  let api: TestApi;
  let admin1: AuthResult;
  let admin2: AuthResult;

  const list = async (who: AuthResult) => expectOk<NotificationPage>(await api.call("GET", "/notifications", { token: who.authorizationToken }));
  const unread = async (who: AuthResult) =>
    (await expectOk<UnreadCount>(await api.call("GET", "/notifications/unread-count", { token: who.authorizationToken }))).unread;
  const markRead = (who: AuthResult, ids: string[]) => api.call("PATCH", "/notifications/read", { token: who.authorizationToken, body: { ids } });
  const ofKind = (page: NotificationPage, kind: string) => page.notifications.filter((n) => n.data.kind === kind);

  beforeAll(async () => {
    api = await createTestApi();
    [admin1, admin2] = await Promise.all([api.loginAdmin(1), api.loginAdmin(2)]);
  });
  afterAll(() => api.close());

  it("tells whoever uploaded a spreadsheet that it was checked and then created; counts them unread until marked read; no one else sees them", async () => {
    const form = new FormData();
    const bytes = await workbooks.foreign([
      ["School name", "Description", "Address", "Local government", "Category"],
      ["Bell Day School", "", "1 Bell Road", "Agege", "Primary"],
      ["Bell Night School", "", "2 Bell Road", "Agege", "Primary"],
    ]);
    form.append("file", new Blob([new Uint8Array(bytes)]), "schools.xlsx");
    const before = await unread(admin1);
    const page = await expectOk<ImportRowsPage>(await api.call("POST", "/school/upload-multiple", { token: admin1.authorizationToken, form }), 201);
    await expectOk(await api.call("POST", "/school/create-multiple-schools", { token: admin1.authorizationToken, body: { importId: page.importId } }));

    const mine = await list(admin1);
    const [created, checked] = mine.notifications as [NotificationItem, NotificationItem];
    expect(created.data).toEqual({ kind: "import.finished", entity: "school", created: 2 });
    expect(checked.data).toEqual({ kind: "upload.finished", entity: "school", rows: 2, errors: 0, importId: page.importId });
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(Date.parse(checked.createdAt));
    expect(notificationText(created.data)).toBe("Your upload has been created: 2 schools added.");
    expect(notificationText(checked.data)).toBe("Your upload of 2 schools has been checked and is ready to create.");
    expect(mine.unread).toBe(before + 2);
    expect(await unread(admin1)).toBe(before + 2);

    // Another district's administrator neither sees them nor can mark them.
    expect((await list(admin2)).notifications.map((n) => n.id)).not.toContain(created.id);
    expect((await expectOk<UnreadCount>(await markRead(admin2, [created.id, checked.id]))).unread).toBe(await unread(admin2));
    expect(await unread(admin1)).toBe(before + 2);

    // Marked read by their owner: the count drops, the list keeps them with the time they were read.
    expect((await expectOk<UnreadCount>(await markRead(admin1, [created.id, checked.id]))).unread).toBe(before);
    const after = await list(admin1);
    expect(after.notifications.find((n) => n.id === created.id)?.readAt).toEqual(expect.any(String));
    expect((await api.call("PATCH", "/notifications/read", { token: admin1.authorizationToken, body: { ids: [] } })).status).toBe(400);
    expect((await api.call("GET", "/notifications")).status).toBe(401);
  });

  it("tells an upload with errors how many rows need fixing", async () => {
    const form = new FormData();
    const bytes = await workbooks.foreign([
      ["School name", "Description", "Address", "Local government", "Category"],
      ["Bell Error School", "", "", "Agege", "Castle"],
    ]);
    form.append("file", new Blob([new Uint8Array(bytes)]), "schools.xlsx");
    await expectOk(await api.call("POST", "/school/upload-multiple", { token: admin1.authorizationToken, form }), 201);
    const [latest] = (await list(admin1)).notifications;
    expect(notificationText(present(latest).data)).toBe("Your upload of 1 school has been checked: 1 row needs fixing before it can be created.");
  });

  it("tells staff members they were transferred, and where to", async () => {
    const [target] = await api.db
      .select()
      .from(school)
      .where(and(eq(school.districtId, admin1.staff.district.id), eq(school.name, "Ifako Community Primary School")));
    const created = await expectOk<StaffCreated>(await api.call("POST", "/staff/create", { token: admin1.authorizationToken, body: newStaffForm() }), 201);
    const moved = await api.call("POST", "/staff/staff-transfer/", {
      token: admin1.authorizationToken,
      body: {
        staffIds: [created.staff.id],
        destination: { kind: "school", schoolId: present(target).id },
        effectiveDate: todayInLagos(),
        reason: "Staffing needs",
      },
    });
    expect(moved.status, await moved.clone().text()).toBe(201);

    // They read it once they have set their password with the invitation's code; the administrator hears they accepted.
    await api.mailer.flush();
    const [mail] = await api.db.select().from(outbox).where(eq(outbox.to, created.staff.email)).orderBy(desc(outbox.createdAt));
    const code = /\b(\d{6})\b/.exec(mail?.body ?? "")?.[1];
    const password = "Bell-Teacher-2026";
    await expectOk(await api.call("PATCH", "/staff/reset-password", { body: { email: created.staff.email, code, password } }));
    const teacher = await api.login(created.staff.email, password);
    const theirs = await list(teacher);
    expect(theirs.notifications.map((n) => n.data)).toEqual([
      { kind: "staff.transferred", to: "Ifako Community Primary School", effectiveDate: expect.any(String) },
    ]);
    expect(notificationText(present(theirs.notifications[0]).data)).toMatch(
      /^You have been transferred to Ifako Community Primary School, from \d{1,2} \w+ \d{4}\.$/,
    );

    const accepted = ofKind(await list(admin1), "invitation.accepted");
    expect(accepted.map((n) => n.data)).toEqual([
      { kind: "invitation.accepted", staffId: created.staff.id, name: `${created.staff.firstName} ${created.staff.lastName}` },
    ]);
    // A later reset of the same account is no invitation.
    expect(ofKind(await list(teacher), "invitation.accepted")).toEqual([]);
  });

  it("tells the wallet's keepers once when a charge takes the balance below the alert level", async () => {
    const districtId = admin1.staff.district.id;
    const [config] = await api.db.select().from(districtConfiguration).where(eq(districtConfiguration.districtId, districtId));
    const threshold = present(config).lowBalanceThreshold;
    const [current] = await api.db.select().from(wallet).where(eq(wallet.districtId, districtId));
    // The balance one pupil's report card above the alert level.
    const price = present(config).reportCardPrice;
    await fund(api, districtId, threshold + price - (current?.balance ?? 0));
    const session = present(config).academicSession;
    const term = present(present(config).terms[0]).name;
    const charge = async () => {
      const { id } = await schoolWithPupils(api, districtId, 1);
      const answer = await chargeAs(api, admin1.authorizationToken, { schoolId: id, academicSession: session, term });
      expect(answer.status, await answer.clone().text()).toBe(201);
    };
    // To the alert level itself (not below it), then below it, then further below: told once, at the crossing.
    await charge();
    expect(ofKind(await list(admin1), "wallet.low-balance")).toEqual([]);
    await charge();
    await charge();
    const low = ofKind(await list(admin1), "wallet.low-balance");
    expect(low.map((n) => n.data)).toEqual([{ kind: "wallet.low-balance", balance: threshold - price, threshold }]);
    expect(notificationText(present(low[0]).data)).toContain("below the alert level of");
    expect(ofKind(await list(admin2), "wallet.low-balance")).toEqual([]);
  });
});
