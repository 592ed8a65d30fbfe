import { useEffect, useRef, useSyncExternalStore, type ChangeEvent } from "react";

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Whether the user changed a field since the server's HTML drew it: its value against the one the HTML
 * gave (a select's chosen option, a checkbox's tick, a text's `defaultValue`).
 */
export function changedSinceHtml(field: Field): boolean {
  if (field instanceof HTMLSelectElement) {
    if (field.options.length === 0) return false;
    // With no option marked in the HTML, the browser shows the first.
    const fromHtml = [...field.options].findIndex((option) => option.defaultSelected);
    return field.selectedIndex !== Math.max(fromHtml, 0);
  }
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

const noSubscription = () => () => {};

/**
 * Choices told on hydration, kept until the browser's "change" for them has come. A choice made while React is
 * hydrating the page can be seen by the field's effect (and told) and then undone by React's next commit, which
 * puts a controlled select back to the value it was drawn with, before the "change" that follows reaches React:
 * that change then reported the old value, and the page went back to nothing chosen. Listening in the capture
 * phase on the page's root element (after React's listener on the document, before its bubbling one, which reads
 * the field for onChange), the choice is put back first. An input the user makes after it was told ends the wait.
 * Only choices (selects, check boxes, radio buttons): a text's "change" comes when it loses the focus, long after,
 * and would put back the text as it was told rather than as the field shows it (a date given its separators).
 */
const told = new WeakMap<Field, { value: string; checked: boolean; at: number }>();
const isChoice = (field: Field) =>
  field instanceof HTMLSelectElement || (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio"));
const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;

if (typeof window !== "undefined") {
  window.addEventListener(
    "input",
    (event) => {
      // The input that made React hydrate the field was created before the field's effect told it.
      if (isField(event.target) && event.timeStamp > (told.get(event.target)?.at ?? Infinity)) told.delete(event.target);
    },
    true,
  );
  document.documentElement.addEventListener(
    "change",
    ({ target: field }) => {
      if (!isField(field)) return;
      const choice = told.get(field);
      if (!choice) return;
      if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) field.checked = choice.checked;
      else field.value = choice.value;
      told.delete(field);
    },
    true,
  );
}

/**
 * A controlled field told what the user did before the page's script ran.
 *
 * On a slow line a user picks a district or types a search before React has hydrated the page; React
 * keeps what the browser shows but never says it changed (its replay of such changes is still behind a
 * flag), so the page went on as if nothing was chosen: the district's keys never appeared, and the next
 * render put the old value back. Once hydrated, a field whose value differs from the HTML's sends its
 * own onChange with it, once (and the change event that may follow reports it too). Only on
 * hydration: a field the script drew itself starts as its state says.
 */
export function useEarlyInput<E extends Field>(
  field: () => E | null,
  { value, checked, onChange }: { value?: unknown; checked?: boolean; onChange?: (event: ChangeEvent<E>) => void },
) {
  // The server's snapshot while hydrating, the client's in any render after: true only for a field of the server's HTML.
  const hydrating = useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
  const fromHtml = useRef(hydrating);
  const controlled = value !== undefined || checked !== undefined;
  const latest = useRef({ field, controlled, onChange });
  useEffect(() => {
    latest.current = { field, controlled, onChange };
  });
  useEffect(() => {
    const { field: find, controlled: isControlled, onChange: tell } = latest.current;
    const element = fromHtml.current && isControlled ? find() : null;
    if (!element || !tell || !changedSinceHtml(element)) return;
    if (isChoice(element)) told.set(element, { value: element.value, checked: element instanceof HTMLInputElement && element.checked, at: performance.now() });
    tell({ target: element, currentTarget: element } as unknown as ChangeEvent<E>);
  }, []);
}
