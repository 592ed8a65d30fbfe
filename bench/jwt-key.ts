import { Jwt } from "hono/utils/jwt";
import { signingKey } from "../services/auth/signing-key";
import { median } from "./stats";

/**
 * What checking an access token costs when Hono is given the secret as text (it imports the key each time) and
 * when it is given the key imported once (services/auth/signing-key.ts): wall time and the process's CPU, all
 * threads (WebCrypto works on libuv's pool), per check; medians of `runs` rounds of 5,000 checks.
 */
export async function benchJwtKey(runs: number) {
  const secret = "a-bench-secret-of-the-length-a-deployment-uses-0123456789";
  const token = await Jwt.sign({ sub: "bench", exp: Math.floor(Date.now() / 1000) + 3600 }, secret, "HS256");
  const key = await signingKey(secret);
  const checks = 5_000;
  const results: Record<string, { wall: number[]; cpu: number[] }> = { "secret as text": { wall: [], cpu: [] }, "key imported once": { wall: [], cpu: [] } };
  for (let run = 0; run < runs; run++) {
    for (const [label, given] of [
      ["secret as text", secret],
      ["key imported once", key],
    ] as const) {
      const [cpuStart, wallStart] = [process.cpuUsage(), performance.now()];
      for (let i = 0; i < checks; i++) await Jwt.verify(token, given, "HS256");
      const cpu = process.cpuUsage(cpuStart);
      results[label]?.wall.push(((performance.now() - wallStart) * 1000) / checks);
      results[label]?.cpu.push((cpu.user + cpu.system) / checks);
    }
  }
  for (const [label, { wall, cpu }] of Object.entries(results)) {
    console.log(`token check, ${label}: median ${median(wall).toFixed(0)} µs wall, ${median(cpu).toFixed(0)} µs CPU (${runs} rounds of ${checks})`);
  }
}
