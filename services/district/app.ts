import type { Deps } from "../http/context";
import { createApi } from "../http/api";
import { passwordResetRoutes } from "./auth/password-reset-routes";
import { authRoutes } from "./auth/routes";
import { sessionSwitchRoutes } from "./auth/switch-routes";
import { dashboardRoutes } from "./districts/dashboard-routes";
import { districtProfileRoutes } from "./districts/routes";
import { fileRoutes } from "./files/routes";
import { lgeaRoutes } from "./lgeas/routes";
import { referenceRoutes } from "./reference/routes";
import { roleAccessRoutes } from "./roles/assignment-routes";
import { permissionRoutes } from "./roles/permission-routes";
import { roleRoutes } from "./roles/routes";
import { schoolRoutes } from "./schools/routes";
import { staffAvailabilityRoutes } from "./staff/availability-routes";
import { staffRightsRoutes } from "./staff/rights-routes";
import { contactChangeRoutes } from "./staff/contact-change";
import { staffCreateRoutes } from "./staff/create-routes";
import { staffRoutes } from "./staff/routes";
import { staffSpreadsheetRoutes } from "./staff/spreadsheet";
import { staffTransferRoutes } from "./staff/transfer-routes";
import { superAdminRoutes } from "./super-admin/routes";

/** The district API: a folder per resource (README 'Adding a resource'), all added through the same access-checking `route`. */
export function createDistrictApi(deps: Deps) {
  const api = createApi(deps, { title: "District API", version: "1.0.0" });
  authRoutes(api);
  passwordResetRoutes(api);
  sessionSwitchRoutes(api);
  referenceRoutes(api);
  dashboardRoutes(api);
  districtProfileRoutes(api);
  fileRoutes(api);
  lgeaRoutes(api);
  permissionRoutes(api);
  roleRoutes(api);
  roleAccessRoutes(api);
  staffAvailabilityRoutes(api);
  staffRoutes(api);
  staffTransferRoutes(api);
  staffCreateRoutes(api);
  staffSpreadsheetRoutes(api);
  staffRightsRoutes(api);
  contactChangeRoutes(api);
  superAdminRoutes(api);
  schoolRoutes(api);
  return api;
}
