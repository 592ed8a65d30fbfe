/** Images: profile pictures, the district's logo and its four images (spec §5 'Photo upload'). */

/** The largest image file accepted, before re-encoding. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = ["image/png", "image/jpeg"] as const;
/** For a file input: what the picker offers. The API decides by the content, not by these. */
export const IMAGE_ACCEPT = ".png,.jpg,.jpeg,image/png,image/jpeg";

export const imageMessages = {
  notAnImage: "Only PNG or JPEG images are accepted.",
  tooLarge: "The image is larger than 5 MB.",
  tooManyPixels: "The image has too many pixels. Please use a smaller one.",
  unreadable: "The file could not be read as an image.",
  fileRequired: "Choose an image.",
  slotInvalid: "The image slot must be 1, 2, 3 or 4.",
  noImages: "Choose at least one image.",
} as const;

/** The district's four image slots (spec §3 'District'), in order. */
export const districtImageSlots = ["districtImageOne", "districtImageTwo", "districtImageThree", "districtImageFour"] as const;
export type DistrictImageSlot = (typeof districtImageSlots)[number];

/** Where the browser loads a stored image: through the BFF, which adds the session's token. */
export const imageLocation = (id: string) => ({ Location: `/api/district/files/${id}` });
