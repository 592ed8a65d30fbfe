"use client";

import dynamic from "next/dynamic";

/**
 * The registration's status, fetched with its form only on the review notice: the main layout imports
 * the notice, so a static import would put the form's script on every signed-in page.
 */
export const LazyRegistrationStatus = dynamic(() => import("./registration-status").then((m) => m.RegistrationStatus), { ssr: false });
