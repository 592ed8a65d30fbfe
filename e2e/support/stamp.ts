import { runPrefix } from "./target";

/**
 * A tag for the names a test makes, unique to its run (the desktop and phone projects run @phone tests side by
 * side), beginning with the run's prefix: on a shared portal a run's records can be found by it ('qa…').
 */
export const stamp = () => `${runPrefix()}${Date.now().toString(36).slice(-4)}${Math.floor(Math.random() * 1000)}`;
