// The one place the portal takes react-hook-form's useForm from: every form uses this one (eslint.config.mjs).
// eslint-disable-next-line no-restricted-imports
import { get, useForm as useHookForm, type FieldValues, type UseFormProps, type UseFormRegister, type UseFormReturn } from "react-hook-form";

/**
 * What a field's element is given so the server's HTML already shows the form's value: react-hook-form
 * writes its values into the fields only once the page's script has run. Text, numbers and choices go
 * in as `defaultValue`, a yes/no as `defaultChecked`; anything else (a list, a date object, nothing) is left
 * to react-hook-form.
 */
export function serverValue(value: unknown): { defaultValue?: string; defaultChecked?: boolean } {
  if (typeof value === "string") return { defaultValue: value };
  if (typeof value === "number" && Number.isFinite(value)) return { defaultValue: String(value) };
  if (typeof value === "boolean") return { defaultChecked: value };
  return {};
}

/** Forms whose `register` already gives the server's value. */
const withServerValues = new WeakSet<object>();

/**
 * react-hook-form's useForm, with `register` also giving each field its default value (`serverValue`).
 *
 * Why: an edit page rendered on the server showed empty fields until its script had loaded (on a slow
 * phone, seconds), and the first key pressed in one made React hydrate the form there and then, so
 * react-hook-form filled the field under the cursor: the name typed came out after the old one
 * ('Ikeja GrammarIkeja Grammar School'). With the value in the HTML the page is right from its first
 * paint, and what is typed before the script runs replaces the selection as it should; react-hook-form
 * keeps a field edited before it was ready (it compares the field with its `defaultValue`).
 *
 * A radio button group needs `defaultChecked` per button instead: give `defaultValue={undefined}` and
 * `defaultChecked` after the spread (components/staff/transfer-form.tsx).
 */
export function useForm<TFieldValues extends FieldValues = FieldValues, TContext = unknown, TTransformedValues = TFieldValues>(
  props?: UseFormProps<TFieldValues, TContext, TTransformedValues>,
): UseFormReturn<TFieldValues, TContext, TTransformedValues> {
  const form = useHookForm(props);
  // The returned object is the same on every render (react-hook-form keeps it in a ref), so its register is
  // replaced once, in place: a copy would be a new form on every render for the hooks that depend on it.
  if (!withServerValues.has(form)) {
    const register = form.register;
    // eslint-disable-next-line react-hooks/immutability
    form.register = ((name, options) => ({
      ...register(name, options),
      ...serverValue(get(form.control._defaultValues, name)),
    })) as UseFormRegister<TFieldValues>;
    withServerValues.add(form);
  }
  return form;
}
