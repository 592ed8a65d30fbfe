import { useMemo, useSyncExternalStore } from "react";
import type { ResetCodeResponse } from "./contract/auth";

/** Spec §4: the reset code's id and e-mail are kept between the two reset screens, then cleared. */
const KEY = "portal.password-reset";

function parse(raw: string | null): ResetCodeResponse | null {
  try {
    const value = JSON.parse(raw ?? "null") as ResetCodeResponse | null;
    return value?.id && value.email ? value : null;
  } catch {
    return null;
  }
}

export const resetData = {
  save(data: ResetCodeResponse) {
    sessionStorage.setItem(KEY, JSON.stringify({ id: data.id, email: data.email }));
  },
  clear() {
    sessionStorage.removeItem(KEY);
  },
};

const noSubscription = () => () => {};

/** The stored reset data; undefined while rendering on the server, where there is no sessionStorage. */
export function useResetData(): ResetCodeResponse | null | undefined {
  const raw = useSyncExternalStore(
    noSubscription,
    () => sessionStorage.getItem(KEY),
    () => undefined,
  );
  return useMemo(() => (raw === undefined ? undefined : parse(raw)), [raw]);
}
