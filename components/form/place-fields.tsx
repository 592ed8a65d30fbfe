"use client";

import { useEffect, useRef } from "react";
import { useFormContext } from "react-hook-form";
import { fieldMessages } from "@/lib/contract/messages";
import type { StaffDetailsInput } from "@/lib/contract/staff";
import { useAllEnum } from "@/lib/queries/reference";
import { SelectField } from "./select-field";

type Kind = "Origin" | "Residence";
/** `country`: a record without a country of its own (a pupil) has that country's states and no country select. */
type Props = { kind: Kind; country?: string };

/**
 * Country, state and local government of origin or residence (spec §5): the states follow the country,
 * the LGAs follow the state and stay disabled until a state is chosen. Choosing a new state sets the LGA
 * to the default local government where that state has it, and clears it otherwise.
 */
export function PlaceFields({ kind, country: fixedCountry }: Props) {
  const { register, watch, setValue, formState } = useFormContext<StaffDetailsInput>();
  const reference = useAllEnum();
  const country = fixedCountry ?? watch(`countryOf${kind}`);
  const state = watch(`stateOf${kind}`);
  const countries = reference.data?.countryEnum ?? (country ? [country] : []);
  const states = reference.data?.fullStateEnum.find((c) => c.name === country)?.states ?? [];
  const lgas = states.find((s) => s.state === state)?.lgas ?? [];
  const errors = formState.errors;
  const lower = kind.toLowerCase();
  // A new state starts its LGA at the default local government (spec §3 and §9: Ikorodu) where the state has
  // it, and empty otherwise. After the render that lists the new state's LGAs, so the select can show it.
  const shownState = useRef(state);
  useEffect(() => {
    if (shownState.current === state) return;
    shownState.current = state;
    const offered = reference.data?.fullStateEnum.find((c) => c.name === country)?.states.find((s) => s.state === state)?.lgas ?? [];
    const preferred = reference.data?.defaults.localGovernment ?? "";
    setValue(`localGovernmentOf${kind}`, preferred && offered.includes(preferred) ? preferred : "");
  }, [state, country, reference.data, kind, setValue]);
  return (
    <fieldset className={`grid gap-4 ${fixedCountry ? "sm:grid-cols-2" : "sm:grid-cols-3"}`}>
      <legend className="mb-2 text-sm font-semibold">Place of {lower}</legend>
      {fixedCountry ? null : (
        <SelectField
          label={`Country of ${lower}`}
          options={countries}
          placeholder="Choose a country"
          error={errors[`countryOf${kind}`]?.message}
          {...register(`countryOf${kind}`, {
            onChange: () => {
              setValue(`stateOf${kind}`, "");
              setValue(`localGovernmentOf${kind}`, "");
            },
          })}
        />
      )}
      {states.length > 0 || !reference.data ? (
        <SelectField
          label={`State of ${lower}`}
          options={states.length > 0 ? states.map((s) => s.state) : state ? [state] : []}
          placeholder="Choose a state"
          error={errors[`stateOf${kind}`]?.message}
          {...register(`stateOf${kind}`)}
        />
      ) : (
        <div className="flex flex-col gap-1">
          <label htmlFor={`state-of-${lower}`} className="text-sm font-medium">
            State of {lower}
          </label>
          <input id={`state-of-${lower}`} className="min-h-11 rounded-md border border-border bg-card px-3 py-2" {...register(`stateOf${kind}`)} />
          {errors[`stateOf${kind}`] ? <p className="text-sm text-danger">{fieldMessages.stateRequired}</p> : null}
        </div>
      )}
      {states.length > 0 || !reference.data ? (
        <SelectField
          label={`Local government of ${lower}`}
          options={lgas.length > 0 ? lgas : watch(`localGovernmentOf${kind}`) ? [watch(`localGovernmentOf${kind}`) ?? ""] : []}
          placeholder={state ? "Choose a local government" : "Choose a state first"}
          disabled={!state}
          error={errors[`localGovernmentOf${kind}`]?.message}
          {...register(`localGovernmentOf${kind}`)}
        />
      ) : (
        <div className="flex flex-col gap-1">
          <label htmlFor={`lga-of-${lower}`} className="text-sm font-medium">
            Local government of {lower}
          </label>
          <input id={`lga-of-${lower}`} className="min-h-11 rounded-md border border-border bg-card px-3 py-2" {...register(`localGovernmentOf${kind}`)} />
          {errors[`localGovernmentOf${kind}`] ? <p className="text-sm text-danger">{fieldMessages.lgaRequired}</p> : null}
        </div>
      )}
    </fieldset>
  );
}
