import type { ResetCodeResponse } from "./contract/auth";

/** Spec §4: the reset code's id and e-mail are kept between the two reset screens, then cleared. */
const KEY = "portal.password-reset";

export const resetData = {
  save(data: ResetCodeResponse) {
    sessionStorage.setItem(KEY, JSON.stringify({ id: data.id, email: data.email }));
  },
  read(): ResetCodeResponse | null {
    try {
      const value = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as ResetCodeResponse | null;
      return value?.id && value.email ? value : null;
    } catch {
      return null;
    }
  },
  clear() {
    sessionStorage.removeItem(KEY);
  },
};
