import { spawn } from "node:child_process";
import { residentMemory } from "./api-process";

export type CommandResult = { code: number | null; output: string; peakMb: number };

/**
 * A command of package.json as `npm run` runs it (`script` under tsx in a process of its own), with only
 * PATH and `env` in its environment; its exit code, everything it printed and its peak resident memory
 * (sampled every 100 ms, Linux; NaN elsewhere), once it has ended.
 */
export function runCommand(script: string, args: string[], env: Record<string, string>): Promise<CommandResult> {
  return new Promise((done) => {
    const variables: Record<string, string> = { PATH: process.env.PATH ?? "", ...env };
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { env: variables as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
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
