import { env } from "../../lib/env";
export const x = env;
