/** What a probe of the enforcement walk (enforcement*.test.ts) is: valid inputs of one route, ids of the walk's choosing. */

let unique = 0;
/** A fresh number for probe names that must not clash. */
export const nextProbeNumber = () => ++unique;

/** The kind of record an id in a path, query or body names; district 2's record of that kind is used for the 404 check. */
export type Kind = "role" | "staff" | "district" | "organization" | "roleAccess" | "school" | "schoolRole" | "lgea" | "schoolClass" | "classType" | "student";
export type Value = Kind | { literal: string };
export type IdOf = (kind: Kind) => string;
export type Probe = { params?: Record<string, Value>; query?: Record<string, Value>; body?: (id: IdOf) => unknown; form?: () => FormData };
/** Probes by `METHOD path`. */
export type ProbeTable = Record<string, Probe>;

/** An upload without its file: the routes find (or do not find) their record before they read it. */
export const emptyForm = () => new FormData();

/** The tables as one; a route probed in two of them is a mistake (the later would silently win), so it throws. */
export function probeTable(...tables: ProbeTable[]): ProbeTable {
  const all: ProbeTable = {};
  for (const table of tables)
    for (const [key, probe] of Object.entries(table)) {
      if (key in all) throw new Error(`${key} is probed twice`);
      all[key] = probe;
    }
  return all;
}
