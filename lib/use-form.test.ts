import { createElement as h } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useForm } from "./use-form";

type Values = { name: string; category: string; capacity: number; active: boolean; tags: string[] };

/** A form as the server renders it: react-hook-form's own register gives the fields nothing to show. */
function Form() {
  const form = useForm<Values>({ defaultValues: { name: "Ikeja Grammar School", category: "Primary", capacity: 40, active: true, tags: ["a"] } });
  return h(
    "form",
    null,
    h("input", { "aria-label": "name", ...form.register("name") }),
    h(
      "select",
      { "aria-label": "category", ...form.register("category") },
      h("option", { value: "Nursery" }, "Nursery"),
      h("option", { value: "Primary" }, "Primary"),
    ),
    h("input", { type: "number", ...form.register("capacity") }),
    h("input", { type: "checkbox", ...form.register("active") }),
    h("input", { ...form.register("tags") }),
  );
}

describe("useForm (lib/use-form)", () => {
  it("renders each field's default value into the server's HTML: text, a choice, a number and a yes/no", () => {
    const html = renderToString(h(Form));
    expect(html).toContain('name="name" value="Ikeja Grammar School"');
    expect(html).toMatch(/<option value="Primary" selected="">Primary<\/option>/);
    expect(html).toMatch(/type="number"[^>]* value="40"/);
    expect(html).toMatch(/type="checkbox"[^>]* checked=""/);
    // A list is left to react-hook-form: no value to give one field.
    expect(html).toMatch(/<input name="tags"\/>/);
  });
});
