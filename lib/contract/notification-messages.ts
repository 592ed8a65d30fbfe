// The bell's own words, apart from what each notification says: the top bar is on every page, and
// carries only these (notification-values.ts, with the texts of every kind, loads with the bell's list).

export const notificationMessages = {
  none: "You have no notifications.",
  loading: "Getting notifications...",
  unread: (n: number) => (n === 0 ? "Notifications" : `Notifications, ${n} unread`),
};
