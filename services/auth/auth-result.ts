import type { AuthResult } from "../../lib/contract/user";
import type { Db } from "../db/client";
import type { IssuedTokens } from "./sessions";
import { buildSignedInUser } from "./signed-in-user";

/** The answer of every call that issues tokens: the tokens plus the signed-in user they are for. */
export async function authResultOf(db: Db, tokens: IssuedTokens): Promise<AuthResult> {
  const { scope, ...rest } = tokens;
  return { ...rest, ...(await buildSignedInUser(db, scope)) };
}
