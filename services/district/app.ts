import type { Deps } from "../http/context";
import { createApi } from "../http/api";
import { authRoutes } from "./routes/auth";
import { passwordResetRoutes } from "./routes/password-reset";
import { permissionRoutes } from "./routes/permissions";
import { referenceRoutes } from "./routes/reference";
import { staffAccountRoutes } from "./routes/staff-accounts";

/** The district API: one router module per resource, all added through the same access-checking `route`. */
export function createDistrictApi(deps: Deps) {
  const api = createApi(deps, { title: "District API", version: "1.0.0" });
  authRoutes(api);
  passwordResetRoutes(api);
  staffAccountRoutes(api);
  referenceRoutes(api);
  permissionRoutes(api);
  return api;
}
