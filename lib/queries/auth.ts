import type { ForgotPasswordForm, LoginForm, ResetCodeResponse, ResetPasswordRequest } from "../contract/auth";
import type { SwitchResult } from "../contract/session-switch";
import { clientApi } from "../client-api";

/** The BFF's own auth handlers (app/api/auth): the calls whose answers carry tokens, which stay in the cookie. */
export const authCalls = {
  login: (values: LoginForm & { next?: string }) =>
    // Without `user` when a second step follows (its page is `redirectTo`): no session yet.
    clientApi<{ user?: { staff: { isSuperAdmin: boolean } }; redirectTo: string }>("/api/auth/login", { method: "POST", json: values }),
  requestResetCode: (values: ForgotPasswordForm) => clientApi<ResetCodeResponse>("/api/auth/reset-code", { method: "POST", json: values }),
  resetPassword: (body: ResetPasswordRequest) => clientApi("/api/auth/reset-password", { method: "POST", json: body }),
  switchRoleAccess: (roleAccessId: string) => clientApi<SwitchResult>("/api/auth/switch-role-access", { method: "POST", json: { roleAccessId } }),
  logout: () => clientApi<{ message: string }>("/api/auth/logout", { method: "POST" }),
  switchDistrict: (districtId: string) => clientApi<SwitchResult>("/api/auth/switch-district", { method: "POST", json: { districtId } }),
};
