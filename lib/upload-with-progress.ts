"use client";

import { ApiError } from "./client-api";
import type { ApiErrorBody } from "./contract/errors";
import { authMessages } from "./contract/messages";
import { routes } from "./routes";

/**
 * Sends a form with XMLHttpRequest, which (unlike fetch) reports upload progress: a large spreadsheet on
 * a slow line shows how far it has got. Errors come back as the same ApiError the rest of the portal uses.
 */
export function uploadWithProgress<T>(url: string, form: FormData, onProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.setRequestHeader("accept", "application/json");
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onerror = () => reject(new ApiError(0, "The upload failed. Check your connection and try again."));
    request.onload = () => {
      let body: Partial<ApiErrorBody> = {};
      try {
        body = JSON.parse(request.responseText) as Partial<ApiErrorBody>;
      } catch {
        // not JSON: the status text will do
      }
      if (request.status === 452) {
        window.location.assign(`${routes.login}?next=${encodeURIComponent(window.location.pathname)}`);
        return reject(new ApiError(452, body.message ?? authMessages.sessionExpired));
      }
      if (request.status < 200 || request.status >= 300)
        return reject(new ApiError(request.status, body.message ?? `${request.status} ${request.statusText}`, body.issues));
      resolve(body as T);
    };
    request.send(form);
  });
}
