import { spawn } from "node:child_process";
import { residentMemory } from "./api-process";
import { serverArgs, type ServerEntry } from "./server-bundle";

export type CommandResult = { code: number | null; output: string; peakMb: number };

/**
 * One of the release build's commands in a process of its own (server-bundle.ts), with only
 * PATH and `env` in its environment; its exit code, everything it printed and its peak resident memory
 * (sampled every 100 ms, Linux; NaN elsewhere), once it has ended.
 */
export function runCommand(command: ServerEntry, args: string[], env: Record<string, string>): Promise<CommandResult> {
  return new Promise((done) => {
    const variables: Record<string, string> = { PATH: process.env.PATH ?? "", ...env };
    const child = spawn(process.execPath, [...serverArgs(command), ...args], { env: variables as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let peakMb = NaN;
    const sample = () => {
      try {
        const now = child.pid ? residentMemory(child.pid).peakMb : NaN;
        if (Number.isFinite(now)) peakMb = now; // an ended process has no figure left
      } catch {
        // ended, or no /proc
      }
    };
    const sampling = setInterval(sample, 100);
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("close", (code) => {
      clearInterval(sampling);
      done({ code, output, peakMb });
    });
  });
}
