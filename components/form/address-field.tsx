"use client";

import { useEffect, useId, useState } from "react";
import { controlBorder, errorIdOf, FieldFrame } from "@/components/ui/field-frame";
import { publicEnv } from "@/lib/public-env";
import { PlacesSuggestions } from "./places-suggestions";

/** Spec §9: the maps script loads 3 s after the page, so it never slows the first paint. */
const MAPS_DELAY_MS = 3_000;
const CALLBACK = "portalMapsReady";

type Props = {
  label: string;
  error?: string;
  value: string;
  onAddress: (address: string, coordinates: [number, number] | null) => void;
};

/** Loads the maps places library once per page; resolves when it is ready. */
function loadPlaces(key: string): Promise<void> {
  const w = window as unknown as Record<string, unknown>;
  if (w.google) return Promise.resolve();
  return new Promise((resolve) => {
    w[CALLBACK] = () => resolve();
    const script = document.createElement("script");
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(key)}&libraries=places&callback=${CALLBACK}`;
    script.async = true;
    document.head.appendChild(script);
  });
}

/**
 * The address: with suggestions from the maps places service when a maps key is configured (picking one
 * also gives its coordinates), a plain text field otherwise or until the service has loaded.
 */
export function AddressField({ label, error, value, onAddress }: Props) {
  const id = useId();
  const [ready, setReady] = useState(false);
  const key = publicEnv.mapsApiKey;
  useEffect(() => {
    if (!key) return;
    let live = true;
    const timer = setTimeout(() => void loadPlaces(key).then(() => live && setReady(true)), MAPS_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key]);

  return (
    <FieldFrame id={id} label={label} error={error}>
      {key ? (
        <PlacesSuggestions
          inputId={id}
          value={value}
          ready={ready}
          onAddress={onAddress}
          invalid={Boolean(error)}
          describedBy={errorIdOf(id, error)}
          autoComplete="street-address"
        />
      ) : (
        <input
          id={id}
          value={value}
          onChange={(event) => onAddress(event.target.value, null)}
          autoComplete="street-address"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorIdOf(id, error)}
          className={`min-h-11 w-full rounded-md border bg-card px-3 py-2 text-base outline-none focus:ring-2 focus:ring-primary ${controlBorder(error)}`}
        />
      )}
    </FieldFrame>
  );
}
