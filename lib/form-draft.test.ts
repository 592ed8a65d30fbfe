import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changedFields, clearDrafts, leavesPage } from "./form-draft";

describe("a form's draft", () => {
  it("keeps only the fields changed from the form's defaults", () => {
    const defaults = { name: "Oke-Odo", address: "", category: undefined, phoneNumbers: [] as string[] };
    const values = { name: "Oke-Odo", address: "12 Market Road", category: "Primary", phoneNumbers: ["+2348031234567"] };
    expect(changedFields(values, defaults)).toEqual({ address: "12 Market Road", category: "Primary", phoneNumbers: ["+2348031234567"] });
    expect(changedFields(defaults, defaults)).toEqual({});
  });

  it("never keeps a password, a code, a file or a value too big for the tab's storage", () => {
    const values = {
      password: "Secret#123",
      confirmPassword: "Secret#123",
      otp: "123456",
      verificationCode: "654321",
      logo: new Blob(["png"]),
      photo: `data:image/png;base64,${"A".repeat(30_000)}`,
      firstName: "Ada",
    };
    expect(changedFields(values, {})).toEqual({ firstName: "Ada" });
  });

  it("leaves out the fields a form names", () => {
    expect(changedFields({ version: 3, name: "JSS 1A" }, { version: 2, name: "" }, ["version"])).toEqual({ name: "JSS 1A" });
  });

  describe("at logout", () => {
    const store = new Map<string, string>();
    beforeEach(() => {
      store.clear();
      const storage = {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      };
      // Object.keys(sessionStorage) lists the stored names, as a browser's Storage does.
      vi.stubGlobal(
        "sessionStorage",
        new Proxy(storage, { ownKeys: () => [...store.keys()], getOwnPropertyDescriptor: () => ({ enumerable: true, configurable: true }) }),
      );
    });
    afterEach(() => vi.unstubAllGlobals());

    it("every draft of the tab is removed, and nothing else", () => {
      store.set("portal.draft.school:new", "{}");
      store.set("portal.draft.staff:1", "{}");
      store.set("portal.staff-selection", "[]");
      clearDrafts();
      expect([...store.keys()]).toEqual(["portal.staff-selection"]);
    });
  });
});

describe("leaving a page whose form holds changes", () => {
  const here = new URL("https://portal.example/schools/new?tab=details");
  const link = (href: string, attributes: Record<string, string> = {}) => {
    const all: Record<string, string> = { href, ...attributes };
    const element = { getAttribute: (name: string) => all[name] ?? null, hasAttribute: (name: string) => name in all };
    return { closest: (selector: string) => (selector === "a[href]" ? element : null) } as unknown as EventTarget;
  };
  const click = (target: EventTarget | null, keys: Partial<Record<"metaKey" | "ctrlKey" | "shiftKey" | "altKey", boolean>> = {}) => ({
    button: 0,
    metaKey: false,
    ctrlKey: false,
    shiftKey: false,
    altKey: false,
    ...keys,
    target,
  });

  it("asks for a plain click on a link to another page of the portal", () => {
    expect(leavesPage(click(link("/dashboard")), here)).toBe(true);
    expect(leavesPage(click(link("/schools/new?tab=contacts")), here)).toBe(true);
  });
  it("does not ask for a link within the page, a new tab, a download, another site or a click beside a link", () => {
    expect(leavesPage(click(link("#contacts")), here)).toBe(false);
    expect(leavesPage(click(link("/dashboard", { target: "_blank" })), here)).toBe(false);
    expect(leavesPage(click(link("/dashboard"), { ctrlKey: true }), here)).toBe(false);
    expect(leavesPage(click(link("/register.xlsx", { download: "" })), here)).toBe(false);
    expect(leavesPage(click(link("https://paystack.example/pay")), here)).toBe(false);
    expect(leavesPage(click({ closest: () => null } as unknown as EventTarget), here)).toBe(false);
    expect(leavesPage(click(null), here)).toBe(false);
  });
});
