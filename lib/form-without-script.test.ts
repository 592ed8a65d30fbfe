import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { backPath, formWithoutScript } from "./form-without-script";

/** Every .tsx file under a folder. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".tsx") && !entry.name.endsWith(".test.tsx") ? [path] : [];
  });
}

/** The opening tag of each <form> in a JSX source: up to the first '>' outside braces. */
function formTags(source: string): string[] {
  const tags: string[] = [];
  for (const match of source.matchAll(/<form[\s>]/g)) {
    let depth = 0;
    let end = match.index;
    for (let i = match.index; i < source.length; i++) {
      const c = source[i];
      if (c === "{") depth++;
      else if (c === "}") depth--;
      else if (c === ">" && depth === 0) {
        end = i;
        break;
      }
    }
    tags.push(source.slice(match.index, end + 1));
  }
  return tags;
}

describe("forms sent without the page's script", () => {
  const forms = ["app", "components"].flatMap((dir) => sources(dir).flatMap((file) => formTags(readFileSync(file, "utf8")).map((tag) => ({ file, tag }))));

  it("finds the portal's forms", () => {
    expect(forms.length).toBeGreaterThan(20);
  });

  // A form without a method is sent by the browser as a GET with everything typed in its URL.
  it.each(forms.map((f) => [f.file, f.tag] as const))("%s declares a POST to the no-script answer", (_file, tag) => {
    expect(tag).toContain("{...formWithoutScript}");
    expect(tag).not.toMatch(/\smethod=|\saction=/);
  });

  it("posts to its own answer", () => {
    expect(formWithoutScript).toEqual({ method: "post", action: "/forms/without-script" });
  });

  it("goes back only to a plain path of the portal, never with a query", () => {
    expect(backPath("http://localhost:3000/login?email=a%40b.org&password=x")).toBe("/login");
    expect(backPath("https://evil.example/administration/classes")).toBe("/administration/classes");
    expect(backPath("//evil.example/x")).toBe("/x");
    expect(backPath("/forms/needs-script")).toBe("/");
    expect(backPath("/api/auth/login")).toBe("/");
    expect(backPath("/a b")).toBe("/");
    expect(backPath(null)).toBe("/");
    expect(backPath("javascript:alert(1)")).toBe("/");
  });
});
