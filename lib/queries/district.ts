import type { DashboardInformation } from "../contract/dashboard";
import type { DistrictProfile, DistrictUpdate } from "../contract/district";
import type { DistrictImageSlot } from "../contract/images";
import { clientApi, districtApi } from "../client-api";
import { apiRead, useApiRead } from "./api-read";

export const districtKeys = {
  profile: (id: string) => ["district", "profile", id] as const,
  dashboard: (id: string) => ["dashboard", id] as const,
};

export const districtReads = {
  profile: (id: string) => apiRead<{ district: DistrictProfile }>(districtKeys.profile(id), `district/view/${id}`),
  dashboard: (id: string) => apiRead<DashboardInformation>(districtKeys.dashboard(id), `district/get-dashboard-information/${id}`),
};

export const useDistrictProfile = (id: string) => useApiRead(districtReads.profile(id));
export const useDashboardInformation = (districtId: string) => useApiRead(districtReads.dashboard(districtId));

/** The logo or one of the four image slots. */
export type ImageTarget = "logo" | DistrictImageSlot;

export const districtMutations = {
  update: (id: string, values: DistrictUpdate) =>
    clientApi<{ district: DistrictProfile }>(districtApi(`district/update/${id}`), { method: "PATCH", json: values }),
  /** Cropped JPEGs for the logo and image slots: one call for one image, all-or-none for several. */
  uploadImages: (id: string, images: { target: ImageTarget; jpeg: Blob }[]) => {
    const form = new FormData();
    const [only] = images;
    let path = `district/upload-multiple-images/${id}`;
    if (images.length === 1 && only?.target === "logo") {
      form.append("file", only.jpeg, "logo.jpg");
      path = `district/upload-logo/${id}`;
    } else if (images.length === 1 && only) {
      form.append("file", only.jpeg, "image.jpg");
      form.append("slot", only.target);
      path = `district/upload-district-image/${id}`;
    } else {
      for (const item of images) form.append(item.target, item.jpeg, `${item.target}.jpg`);
    }
    return clientApi<{ district: DistrictProfile }>(districtApi(path), { method: "PATCH", body: form });
  },
};
