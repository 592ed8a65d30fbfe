import { NextResponse, type NextRequest } from "next/server";
import { switchRoleAccessSchema } from "@/lib/contract/session-switch";
import { parseAuthRequest } from "@/lib/bff/public-call";
import { switchSession } from "@/lib/bff/switch-session";
import { routes } from "@/lib/routes";

/** Work in another organisation the user holds a role in: new tokens in the cookie, then the dashboard. */
export async function POST(request: NextRequest) {
  const body = await parseAuthRequest(request, switchRoleAccessSchema);
  if (body instanceof NextResponse) return body;
  return switchSession(request, { method: "GET", path: `staff/switch-role-access/${body.roleAccessId}` }, () => routes.dashboard);
}
