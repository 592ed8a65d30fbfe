import { runPrefix } from "./target";

/**
 * The stamp's number: counted on in a process, so names made in the same millisecond (three schools of one upload)
 * differ; it starts at random, so processes making names at once rarely agree.
 */
let sequence = Math.floor(Math.random() * 1000);

/**
 * A tag for the names a test makes, unique to its run (the desktop and phone projects run @phone tests side by
 * side), beginning with the run's prefix: on a shared portal a run's records can be found by it ('qa…').
 */
export const stamp = () => `${runPrefix()}${Date.now().toString(36).slice(-4)}${(sequence = (sequence + 1) % 1000)}`;

/**
 * Whether a name carries a stamp of the run with this prefix: a word of it that is the prefix and then a stamp's
 * own characters (four letters or digits, then one to three digits). A name that merely contains the prefix
 * is not the run's.
 */
export function carriesStamp(name: string, prefix: string): boolean {
  const stamped = new RegExp(`^${prefix.replace(/[^a-z0-9]/g, "")}[0-9a-z]{4}[0-9]{1,3}$`);
  return name.split(/\s+/).some((word) => stamped.test(word));
}
