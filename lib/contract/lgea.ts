import * as z from "zod/mini";
import { uuidParam, wholeNumber } from "./fields";

const limitMessage = "Limit must be a whole number from 1 to 1000.";
const pageMessage = "Page must be a whole number from 1.";

/** GET /lgea/search (spec §3 'LGEA list: district, limit, page'); district[0] defaults to the caller's district. */
export const lgeaSearchQuerySchema = z.object({
  "district[0]": z.optional(uuidParam),
  limit: z._default(wholeNumber(limitMessage, 1, 1000), 20),
  page: z._default(wholeNumber(pageMessage, 1), 1),
});
export type LgeaSearchQuery = z.input<typeof lgeaSearchQuerySchema>;

export type LgeaItem = { id: string; name: string; localGovernment: string };
export type LgeaPage = { lgeas: LgeaItem[]; total: number; page: number; limit: number };
