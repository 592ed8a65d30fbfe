import type { Logger } from "../observability/logger";
import type { Lifecycle } from "./lifecycle";
import type { Operation } from "../../lib/contract/permissions";
import type { AccountStatus, OrganizationType } from "../../lib/contract/user";
import type { ServiceConfig } from "../config";
import type { Db } from "../db/client";
import type { StaffScope } from "../db/scope";
import type { Mailer } from "../mail/mailer";

/** What every handler can reach: passed in at start, so tests build an app on their own database. */
/** `lifecycle`: the process's state for readiness (starting, ready, draining); in-process tests have none and are ready. */
export type Deps = { db: Db; config: ServiceConfig; mailer: Mailer; lifecycle?: Pick<Lifecycle, "state"> };

/** The signed-in caller, as the access token and the database describe them on this request. */
export type Actor = {
  staffId: string;
  districtId: string;
  organizationId: string;
  /** The session (refresh-token family) the access token belongs to. */
  sessionId: string;
  organizationType: OrganizationType;
  isSuperAdmin: boolean;
  /** The account status of the district worked in: staff of one that is not Active reach only the shell's routes. */
  districtStatus: AccountStatus;
  /** Owns the district worked in: rights that belong to the person, not to a role. */
  isDistrictOwner: boolean;
  permissions: ReadonlySet<Operation>;
};

/** A result-processing system calling with its API key (access kind `apiKey`): no staff member, its district only. */
export type ApiClientCaller = { id: string; districtId: string; name: string };

/**
 * `scope` is built once per request from the actor (services/db/scope.ts); every district-owned query applies it.
 * On `apiKey` routes there is no actor: `apiClient` names the caller and `scope` is its district's (services/auth/api-key.ts).
 */
/** `log`: the process's log with this request's id; `route`: the matched route's pattern, for the access line and the metrics. */
export type ApiEnv = {
  Variables: { deps: Deps; actor: Actor; scope: StaffScope; clientIp: string; apiClient: ApiClientCaller; log: Logger; route: string };
};
