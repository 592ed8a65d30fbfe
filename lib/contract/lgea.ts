import { z } from "zod";

const limitMessage = "Limit must be a whole number from 1 to 1000.";
const pageMessage = "Page must be a whole number from 1.";

/** GET /lgea/search (spec §3 'LGEA list: district, limit, page'); district[0] defaults to the caller's district. */
export const lgeaSearchQuerySchema = z.object({
  "district[0]": z.uuid({ error: "Not a valid id." }).optional(),
  limit: z.coerce.number({ error: limitMessage }).int(limitMessage).min(1, limitMessage).max(1000, limitMessage).default(20),
  page: z.coerce.number({ error: pageMessage }).int(pageMessage).min(1, pageMessage).default(1),
});
export type LgeaSearchQuery = z.input<typeof lgeaSearchQuerySchema>;

export type LgeaItem = { id: string; name: string; localGovernment: string };
export type LgeaPage = { lgeas: LgeaItem[]; total: number; page: number; limit: number };
