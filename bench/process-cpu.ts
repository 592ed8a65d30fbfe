import { readFileSync } from "node:fs";

/**
 * A process's CPU seconds so far, user and system (Linux: /proc/<pid>/stat, where after the command's name utime
 * and stime are fields 14 and 15, in ticks of 1/100 s). Throws when the process is gone.
 */
export function processCpuSeconds(pid: number | string): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
