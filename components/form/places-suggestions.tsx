"use client";

import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from "react";
import usePlacesAutocomplete, { getGeocode, getLatLng } from "use-places-autocomplete";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> & {
  inputId: string;
  value: string;
  onAddress: (address: string, coordinates: [number, number] | null) => void;
  ready: boolean;
  describedBy?: string;
  invalid: boolean;
};

/** The address input with suggestions from the maps places service (loaded by AddressField). */
export function PlacesSuggestions({ inputId, value, onAddress, ready, describedBy, invalid, ...props }: Props) {
  const listId = useId();
  const [active, setActive] = useState(-1);
  const places = usePlacesAutocomplete({
    initOnMount: false,
    debounce: 300,
    defaultValue: value,
    requestOptions: { componentRestrictions: { country: "ng" } },
  });
  const { init, setValue } = places;
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!ready) return;
    init();
    // The service comes 3 s after the page: what was typed before then is looked up now, as if typed again,
    // or the suggestions would wait for another keystroke. Only in the field being typed in: a form's saved
    // address opens no list.
    const field = input.current;
    if (field && field.value && document.activeElement === field) setValue(field.value);
  }, [ready, init, setValue]);
  const options: { description: string; place_id: string }[] = places.suggestions.status === "OK" ? places.suggestions.data : [];

  const choose = async (description: string) => {
    places.setValue(description, false);
    places.clearSuggestions();
    setActive(-1);
    try {
      const [result] = await getGeocode({ address: description });
      const { lat, lng } = result ? getLatLng(result) : { lat: NaN, lng: NaN };
      onAddress(description, Number.isFinite(lat) && Number.isFinite(lng) ? [lat, lng] : null);
    } catch {
      onAddress(description, null);
    }
  };

  return (
    <div className="relative">
      <input
        ref={input}
        id={inputId}
        role="combobox"
        aria-expanded={options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        value={places.value}
        onChange={(event) => {
          places.setValue(event.target.value);
          onAddress(event.target.value, null);
        }}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown") setActive((i) => Math.min(i + 1, options.length - 1));
          else if (event.key === "ArrowUp") setActive((i) => Math.max(i - 1, 0));
          else if (event.key === "Enter" && options[active]) void choose(options[active].description);
          else if (event.key === "Escape") places.clearSuggestions();
          else return;
          event.preventDefault();
        }}
        className={`min-h-11 w-full rounded-md border bg-card px-3 py-2 text-base outline-none focus:ring-2 focus:ring-primary ${invalid ? "border-danger" : "border-border"}`}
        {...props}
      />
      {options.length > 0 ? (
        <ul id={listId} role="listbox" className="absolute z-30 mt-1 w-full overflow-hidden rounded-md border border-border bg-card shadow-lg">
          {options.map((option, i) => (
            <li
              key={option.place_id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(event) => {
                event.preventDefault();
                void choose(option.description);
              }}
              className={`cursor-pointer px-3 py-2 text-sm ${i === active ? "bg-muted" : "hover:bg-muted"}`}
            >
              {option.description}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
