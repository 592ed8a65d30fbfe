import type { NextRequest } from "next/server";
import { forward } from "@/lib/bff/forward";

type Context = { params: Promise<{ path: string[] }> };
const handle = async (request: NextRequest, { params }: Context) => forward(request, "billing", (await params).path);

export { handle as GET, handle as POST, handle as PATCH, handle as PUT, handle as DELETE };
