import { eq } from "drizzle-orm";
import type { DistrictProfile } from "../../../lib/contract/district";
import { imageLocation, type DistrictImageSlot } from "../../../lib/contract/images";
import { district } from "../../db/schema";

type DistrictRow = typeof district.$inferSelect;
type Reader = Pick<import("../../db/client").Db, "select">;

/** The logo or one of the four image slots. */
export type ImageTarget = "logo" | DistrictImageSlot;

/** Which column holds each image. */
export const imageColumn = {
  logo: "logoId",
  districtImageOne: "imageOneId",
  districtImageTwo: "imageTwoId",
  districtImageThree: "imageThreeId",
  districtImageFour: "imageFourId",
} as const satisfies Record<ImageTarget, keyof DistrictRow>;

const locationOf = (id: string | null) => (id ? imageLocation(id) : null);

export const toDistrictProfile = (d: DistrictRow): DistrictProfile => ({
  id: d.id,
  name: d.name,
  address: d.address,
  phoneNumbers: d.phoneNumbers,
  emails: d.emails,
  accountStatus: d.accountStatus,
  logo: locationOf(d.logoId),
  districtImageOne: locationOf(d.imageOneId),
  districtImageTwo: locationOf(d.imageTwoId),
  districtImageThree: locationOf(d.imageThreeId),
  districtImageFour: locationOf(d.imageFourId),
  version: d.version,
});

export async function findDistrict(db: Reader, id: string): Promise<DistrictRow | undefined> {
  const [row] = await db.select().from(district).where(eq(district.id, id));
  return row;
}
