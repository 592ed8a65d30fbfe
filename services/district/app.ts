import type { Deps } from "../http/context";
import { createApi } from "../http/api";
import { authRoutes } from "./routes/auth";
import { dashboardRoutes } from "./routes/dashboard";
import { districtProfileRoutes } from "./routes/district-profile";
import { fileRoutes } from "./routes/files";
import { lgeaRoutes } from "./routes/lgeas";
import { passwordResetRoutes } from "./routes/password-reset";
import { permissionRoutes } from "./routes/permissions";
import { referenceRoutes } from "./routes/reference";
import { roleAccessRoutes } from "./routes/role-access";
import { roleRoutes } from "./routes/roles";
import { sessionSwitchRoutes } from "./routes/session-switch";
import { staffAccountRoutes } from "./routes/staff-accounts";
import { schoolReadRoutes } from "./routes/schools-read";
import { schoolSpreadsheetRoutes } from "./routes/school-spreadsheets";
import { schoolRoutes } from "./routes/schools";
import { staffProfileRoutes } from "./routes/staff-profile";
import { staffRightsRoutes } from "./routes/staff-rights";
import { staffSearchRoutes } from "./routes/staff-search";
import { superAdminRoutes } from "./routes/super-admin";

/** The district API: one router module per resource, all added through the same access-checking `route`. */
export function createDistrictApi(deps: Deps) {
  const api = createApi(deps, { title: "District API", version: "1.0.0" });
  authRoutes(api);
  dashboardRoutes(api);
  passwordResetRoutes(api);
  staffAccountRoutes(api);
  referenceRoutes(api);
  permissionRoutes(api);
  roleRoutes(api);
  roleAccessRoutes(api);
  staffSearchRoutes(api);
  superAdminRoutes(api);
  sessionSwitchRoutes(api);
  staffRightsRoutes(api);
  lgeaRoutes(api);
  staffProfileRoutes(api);
  districtProfileRoutes(api);
  fileRoutes(api);
  schoolReadRoutes(api);
  schoolRoutes(api);
  schoolSpreadsheetRoutes(api);
  return api;
}
