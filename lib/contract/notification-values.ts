// The signed-in user's notifications (issue: the notification bell): kinds, what each says, and the answers'
// shapes, without zod. The API stores a kind and its facts; the words are made here, for the bell.

import { formatNaira } from "./configuration-values";
import { formatDay } from "./day-text";

export { notificationMessages } from "./notification-messages";

/** What a notification is about, and the facts it keeps. */
export type NotificationData =
  | { kind: "wallet.low-balance"; balance: number; threshold: number }
  | { kind: "wallet.arrears"; district: string; balance: number; taken: number }
  | { kind: "import.finished"; entity: string; created: number }
  | { kind: "upload.finished"; entity: string; rows: number; errors: number; importId: string }
  | { kind: "staff.transferred"; to: string; effectiveDate: string }
  | { kind: "district.approved"; district: string }
  | { kind: "district.changes-requested"; district: string; reason: string }
  | { kind: "invitation.accepted"; staffId: string; name: string };
export type NotificationKind = NotificationData["kind"];

export type NotificationItem = { id: string; createdAt: string; readAt: string | null; data: NotificationData };
export type NotificationPage = { notifications: NotificationItem[]; unread: number };
export type UnreadCount = { unread: number };

/** What an import's or upload's entity is called in a sentence. */
const entityNames: Record<string, [one: string, many: string]> = {
  school: ["school", "schools"],
  staff: ["staff member", "staff members"],
  student: ["pupil", "pupils"],
};
const counted = (n: number, entity: string) => {
  const [one, many] = entityNames[entity] ?? [entity, `${entity}s`];
  return `${n.toLocaleString("en")} ${n === 1 ? one : many}`;
};

/** A notification as the bell says it. */
export function notificationText(data: NotificationData): string {
  switch (data.kind) {
    case "wallet.low-balance":
      return `The wallet balance is ${formatNaira(data.balance)}, below the alert level of ${formatNaira(data.threshold)}. Fund the wallet to keep buying report cards.`;
    case "wallet.arrears":
      return `A refund or lost dispute took ${formatNaira(data.taken)} back from the wallet of ${data.district}, which is now in arrears (${formatNaira(data.balance)}). Report cards cannot be bought until it is funded back to ₦0.00 or more.`;
    case "import.finished":
      return `Your upload has been created: ${counted(data.created, data.entity)} added.`;
    case "upload.finished":
      return data.errors > 0
        ? `Your upload of ${counted(data.rows, data.entity)} has been checked: ${data.errors.toLocaleString("en")} row${data.errors === 1 ? " needs" : "s need"} fixing before it can be created.`
        : `Your upload of ${counted(data.rows, data.entity)} has been checked and is ready to create.`;
    case "staff.transferred":
      return `You have been transferred to ${data.to}, from ${formatDay(data.effectiveDate)}.`;
    case "district.approved":
      return `${data.district} has been approved. Your portal is active.`;
    case "district.changes-requested":
      return `The reviewers asked for changes to ${data.district}: ${data.reason}`;
    case "invitation.accepted":
      return `${data.name} accepted your invitation and set a password.`;
  }
}
