/*
 * The pupil just admitted, handed from the admission form to the admission register it lands on (spec §2:
 * 'Student Created Successfully', then the register), which shows the admission number the pupil was
 * given: the number is what the school writes down, and the notice's words are the spec's own.
 * One entry in the tab's sessionStorage, taken (read and removed) by the register.
 */
const key = "portal.just-admitted";

export type JustAdmitted = { id: string; name: string; admissionNumber: string };

export function handAdmitted(pupil: JustAdmitted) {
  sessionStorage.setItem(key, JSON.stringify(pupil));
}

/** The pupil handed over, once: a reload of the register does not show it again. */
export function takeAdmitted(): JustAdmitted | null {
  if (typeof sessionStorage === "undefined") return null;
  const raw = sessionStorage.getItem(key);
  sessionStorage.removeItem(key);
  try {
    const value: unknown = JSON.parse(raw ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { id, name, admissionNumber } = value as Record<string, unknown>;
    return typeof id === "string" && typeof name === "string" && typeof admissionNumber === "string" ? { id, name, admissionNumber } : null;
  } catch {
    return null;
  }
}
