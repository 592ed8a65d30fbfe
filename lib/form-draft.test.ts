import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changedFields, clearDrafts } from "./form-draft";

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
