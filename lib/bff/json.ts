import { NextResponse } from "next/server";
import type { z } from "zod";
import { formInvalidMessage } from "../contract/messages";

/** An error answer in the APIs' shape, `{ message, code }`, which the client shows as it is. */
export const errorJson = (status: number, message: string, code?: string) =>
  NextResponse.json({ message, ...(code ? { code } : {}) }, { status, headers: { "Cache-Control": "no-store" } });

/** 400 with the spec's form message and the per-field issues, as the APIs answer. */
export const validationJson = (error: z.ZodError) =>
  NextResponse.json(
    { message: formInvalidMessage, code: "validation", issues: error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) },
    { status: 400 },
  );
