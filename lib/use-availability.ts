"use client";

import { useQuery } from "@tanstack/react-query";
import { clientApi, districtApi } from "./client-api";
import { useDebounced } from "./use-debounced";

/** Spec §5: availability checks wait until typing has stopped for 700 ms. */
const AVAILABILITY_DEBOUNCE_MS = 700;

type Kind = "email" | "phone-number" | "username";

/**
 * Whether a value is taken by someone else, checked live (GET staff/{kind}-exists/{value}). The value the
 * record already has is its own, never 'taken'; values the form rejects anyway are not sent.
 */
export function useTaken(
  kind: Kind,
  value: string,
  own: string | null,
  worthChecking: (value: string) => boolean,
  /** The check's API path before the value: the registration page asks its own public one. */
  checkPath = `staff/${kind}-exists`,
): boolean {
  const settled = useDebounced(value.trim(), AVAILABILITY_DEBOUNCE_MS);
  const check = settled !== "" && settled.toLowerCase() !== (own ?? "").toLowerCase() && worthChecking(settled);
  const answer = useQuery({
    queryKey: ["staff", checkPath, settled],
    queryFn: () => clientApi<{ exists: boolean }>(districtApi(`${checkPath}/${encodeURIComponent(settled)}`)),
    enabled: check,
    staleTime: 30_000,
  });
  return check && answer.data?.exists === true;
}
