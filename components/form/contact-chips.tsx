"use client";

import { useState } from "react";
import { Controller, type Control } from "react-hook-form";
import { lastTenDigits } from "@/lib/contract/local-formats";
import { fieldMessages } from "@/lib/contract/messages";
import { ChipsField } from "./chips-field";
import { CountryCodeSelect } from "./country-code-select";

type ChipsProps = { label: string; values: string[]; onChange: (values: string[]) => void; error?: string };

/** A list field's error: the list's own, else the first of its items' (react-hook-form keeps both shapes). */
export const listError = (error: { message?: string } | ({ message?: string } | undefined)[] | undefined) =>
  error && !Array.isArray(error) ? error.message : error?.find((e) => e)?.message;

/** Contact phone numbers as chips, each stored with its country code: '+2348031234567' (spec §2 'phone input with country code list and add chips'). */
export function PhoneChips({ label, values, onChange, error }: ChipsProps) {
  const [code, setCode] = useState("+234");
  return (
    <ChipsField
      label={label}
      values={values}
      onChange={onChange}
      inputMode="numeric"
      placeholder="8031234567"
      // Spec §5: a phone chip is added only once the input has at least 10 characters.
      canAdd={(text) => text.trim().length >= 10}
      // A number typed with 0, +234 or spaces is its last ten digits, as in the phone fields (lastTenDigits).
      toValue={(text) => (/^[1-9]\d{9}$/.test(lastTenDigits(text)) ? { value: `${code}${lastTenDigits(text)}` } : { error: fieldMessages.phoneDigits })}
      prefix={<CountryCodeSelect aria-label={`${label} country code`} value={code} onChange={(event) => setCode(event.target.value)} />}
      error={error}
    />
  );
}

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Contact e-mails as chips, lower-cased. */
export function EmailChips({ label, values, onChange, error, placeholder }: ChipsProps & { placeholder: string }) {
  return (
    <ChipsField
      label={label}
      values={values}
      onChange={onChange}
      inputMode="email"
      placeholder={placeholder}
      toValue={(text) => (emailPattern.test(text.trim()) ? { value: text.trim().toLowerCase() } : { error: fieldMessages.emailInvalid })}
      error={error}
    />
  );
}

type ContactLists = { phoneNumbers: string[]; emails: string[] };

/**
 * A form's contact phone numbers and e-mails as the two chip fields (the district profile, the
 * registration's district step, its correction on the review notice).
 */
export function ContactListFields<T extends ContactLists>({ control, emailPlaceholder }: { control: Control<T>; emailPlaceholder: string }) {
  // The two names exist on every form this takes (T extends ContactLists); the typing cannot follow that through a generic.
  const lists = control as unknown as Control<ContactLists>;
  return (
    <>
      <Controller
        control={lists}
        name="phoneNumbers"
        render={({ field, fieldState }) => (
          <PhoneChips label="Phone numbers" values={field.value} onChange={field.onChange} error={listError(fieldState.error)} />
        )}
      />
      <Controller
        control={lists}
        name="emails"
        render={({ field, fieldState }) => (
          <EmailChips label="E-mails" placeholder={emailPlaceholder} values={field.value} onChange={field.onChange} error={listError(fieldState.error)} />
        )}
      />
    </>
  );
}
