import * as z from "zod/mini";
import { uuidParam } from "../../../lib/contract/fields";
import { signedIn } from "../../http/access";
import type { Api } from "../../http/api";
import { notFound } from "../../http/errors";
import { findImage } from "./queries";

export function fileRoutes({ route }: Api) {
  route(
    {
      method: "GET",
      path: "/files/:id",
      summary: "A stored image (JPEG), for staff of the district it belongs to. Its bytes never change, so it may be cached for good",
      tag: "Files",
      access: signedIn,
      shell: true,
      params: z.object({ id: uuidParam }),
    },
    async (c, { params }) => {
      const image = await findImage(c.get("deps").db, c.get("scope"), params.id);
      if (!image) throw notFound();
      const etag = `"${image.id}"`;
      const headers = {
        "Content-Type": image.contentType,
        "Cache-Control": "private, max-age=31536000, immutable",
        ETag: etag,
        "X-Content-Type-Options": "nosniff",
        "Content-Disposition": "inline",
      };
      if (c.req.header("if-none-match") === etag) return c.body(null, 304, headers);
      return c.body(new Uint8Array(image.bytes), 200, headers);
    },
  );
}
