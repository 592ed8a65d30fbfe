import * as z from "zod/mini";
import { contactEmails, contactPhones, nameWithin, requiredText, uuidParam, wholeNumber, withinPagingDepth } from "./fields";
import { lgeaMessages } from "./lgea-values";
import { fieldMessages } from "./messages";
import { newStaffSchema } from "./staff";

export * from "./lgea-values";

const limitMessage = "Limit must be a whole number from 1 to 1000.";
const pageMessage = "Page must be a whole number from 1.";

/** GET /lgea/search (spec §3 'LGEA list: district, limit, page'); district[0] defaults to the caller's district. */
export const lgeaSearchQuerySchema = z
  .object({
    "district[0]": z.optional(uuidParam),
    limit: z._default(wholeNumber(limitMessage, 1, 1000), 20),
    page: z._default(wholeNumber(pageMessage, 1), 1),
  })
  .check(withinPagingDepth);
export type LgeaSearchQuery = z.input<typeof lgeaSearchQuerySchema>;

/** The LGEA portal's own details on the creation page. */
export const lgeaPortalSchema = z.object({
  name: nameWithin(150),
  localGovernment: requiredText(100, fieldMessages.lgaRequired),
  address: requiredText(300),
  phoneNumbers: contactPhones,
  emails: contactEmails,
});
export type LgeaPortalForm = z.input<typeof lgeaPortalSchema>;

/**
 * POST /staff/register-lga-admin-on-district-portal: the LGEA portal and its administrator in one
 * transaction, either an existing staff member of the district or a new one (the staff form and staff
 * type; posted at the new LGEA's office whatever posting the form names).
 */
export const newLgeaSchema = z.extend(lgeaPortalSchema, {
  administrator: z.discriminatedUnion(
    "kind",
    [
      z.object({ kind: z.literal("existing"), staffId: z.uuid({ error: lgeaMessages.administratorRequired }) }),
      z.object({ kind: z.literal("new"), staff: newStaffSchema }),
    ],
    { error: lgeaMessages.administratorRequired },
  ),
});
export type NewLgeaInput = z.input<typeof newLgeaSchema>;
export type NewLgea = z.output<typeof newLgeaSchema>;

type StaffName = { id: string; firstName: string; lastName: string; email: string };
/** An LGEA portal as the list shows it: its administrators (holders of the LGEA administrator role there) and counts. */
export type LgeaItem = {
  id: string;
  name: string;
  localGovernment: string;
  address: string | null;
  phoneNumbers: string[];
  emails: string[];
  administrators: StaffName[];
  schools: number;
  staff: number;
};
export type LgeaPage = { lgeas: LgeaItem[]; total: number; page: number; limit: number };
/** GET /lgea/available-local-governments: the state's LGAs without an LGEA portal in the district, by name. */
export type AvailableLocalGovernments = { localGovernments: string[] };
/** What POST /staff/register-lga-admin-on-district-portal answers (201, message successNotices.lgeaCreated); `invited` when the administrator is new. */
export type LgeaCreated = { message: string; lgea: { id: string; name: string; localGovernment: string }; administrator: StaffName & { invited: boolean } };
