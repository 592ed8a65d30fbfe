import { publicAccess } from "../../http/access";
import type { Api } from "../../http/api";
import { buildAllEnum } from "../../db/reference/enums";
import { DEFAULT_COUNTRY, DEFAULT_LOCAL_GOVERNMENT, NIGERIA_STATES_AND_LGAS } from "../../db/reference/nigeria";

/** Reference data is public: it is the same for everyone and holds nothing of any district. */
export function referenceRoutes({ route }: Api) {
  const allEnum = buildAllEnum();
  route(
    {
      method: "GET",
      path: "/generic-apis/all-enum",
      summary: "Countries, dial codes, states and LGAs, titles, genders, marital statuses",
      tag: "Reference",
      access: publicAccess,
    },
    (c) => {
      c.header("Cache-Control", "public, max-age=3600");
      return c.json(allEnum);
    },
  );
  route(
    {
      method: "GET",
      path: "/district/list-of-states-and-local-governments",
      summary: "Nigeria's 36 states and the FCT with their 774 LGAs",
      tag: "Reference",
      access: publicAccess,
    },
    (c) => {
      c.header("Cache-Control", "public, max-age=3600");
      return c.json({ country: DEFAULT_COUNTRY, defaultLocalGovernment: DEFAULT_LOCAL_GOVERNMENT, states: NIGERIA_STATES_AND_LGAS });
    },
  );
}
