// The signed-in user's notifications (issue: the notification bell): the unread count the bell polls, the
// list it shows when opened, and marking what it showed as read.

import { useQuery } from "@tanstack/react-query";
import type { NotificationPage, UnreadCount } from "../contract/notification-values";
import { clientApi, districtApi } from "../client-api";
import { apiRead, readUrl, useApiRead } from "./api-read";

/** The bell asks for the count once a minute while the page is in view (React Query pauses in a hidden tab). */
export const UNREAD_POLL_MS = 60_000;

export const notificationKeys = {
  all: ["notifications"] as const,
  unread: ["notifications", "unread"] as const,
  list: ["notifications", "list"] as const,
};

export const notificationReads = {
  unread: () => apiRead<UnreadCount>(notificationKeys.unread, "notifications/unread-count"),
  list: () => apiRead<NotificationPage>(notificationKeys.list, "notifications"),
};

/**
 * The count, polled in the background: an ended session does not take the page away (a half-filled form
 * stays; the user's next action signs them out), and a failed poll waits for the next minute.
 */
export function useUnreadCount() {
  const read = notificationReads.unread();
  return useQuery({
    queryKey: read.queryKey,
    queryFn: () => clientApi<UnreadCount>(readUrl(read), { background: true }),
    refetchInterval: UNREAD_POLL_MS,
    staleTime: UNREAD_POLL_MS / 2,
    retry: false,
  });
}
export const useNotifications = () => useApiRead(notificationReads.list(), { staleTime: 0 });

/** PATCH /notifications/read: the ones shown, now read; answers the new unread count. */
export const markNotificationsRead = (ids: string[]) => clientApi<UnreadCount>(districtApi("notifications/read"), { method: "PATCH", json: { ids } });
