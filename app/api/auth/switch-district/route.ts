import { NextResponse, type NextRequest } from "next/server";
import { switchDistrictSchema } from "@/lib/contract/session-switch";
import { parseAuthRequest } from "@/lib/bff/public-call";
import { switchSession } from "@/lib/bff/switch-session";
import { routes } from "@/lib/routes";

/** A super administrator works on another district: new tokens in the cookie, then that district's dashboard. */
export async function POST(request: NextRequest) {
  const body = await parseAuthRequest(request, switchDistrictSchema);
  if (body instanceof NextResponse) return body;
  return switchSession(request, { method: "POST", path: "super-admin/switch-district", body }, () => routes.dashboard);
}
