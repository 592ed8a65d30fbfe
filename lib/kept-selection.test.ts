import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clearKeptSelections, keptSelection, MAX_KEPT_SELECTION } from "./kept-selection";

/** The tab's sessionStorage, as the browser has it. */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  keys = () => [...this.items.keys()];
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  Object.assign(globalThis, { sessionStorage: storage });
});
afterEach(() => {
  Reflect.deleteProperty(globalThis, "sessionStorage");
});

describe("a register's kept selection", () => {
  it("adds and removes ids, each once, and forgets the list when it is empty", () => {
    const students = keptSelection("students");
    students.set(["a", "b"], true);
    students.set(["b", "c"], true);
    expect(students.ids()).toEqual(["a", "b", "c"]);
    students.set(["a", "c"], false);
    expect(students.ids()).toEqual(["b"]);
    students.clear();
    expect(students.ids()).toEqual([]);
    expect(storage.keys()).toEqual([]);
  });

  it("keeps one list per register, the staff's under the key it always had", () => {
    keptSelection("staff").set(["s1"], true);
    keptSelection("students").set(["p1", "p2"], true);
    expect(keptSelection("staff").ids()).toEqual(["s1"]);
    expect(keptSelection("students").ids()).toEqual(["p1", "p2"]);
    expect(storage.getItem("portal.staff-selection")).toBe('["s1"]');
  });

  it("keeps at most the APIs' limit, reads a damaged entry as empty, and is cleared for every register at logout", () => {
    keptSelection("students").set(
      Array.from({ length: MAX_KEPT_SELECTION + 5 }, (_, i) => `id${i}`),
      true,
    );
    expect(keptSelection("students").ids()).toHaveLength(MAX_KEPT_SELECTION);
    storage.setItem("portal.staff-selection", "not json");
    expect(keptSelection("staff").ids()).toEqual([]);
    keptSelection("staff").set(["s1"], true);
    clearKeptSelections();
    expect(storage.keys()).toEqual([]);
  });
});
