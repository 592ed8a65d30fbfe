import type { Result } from "lighthouse";

type Item = Record<string, unknown>;
type Node = { selector?: string; snippet?: string; nodeLabel?: string };

const itemsOf = (lhr: Result, id: string): Item[] => {
  const details = lhr.audits[id]?.details as { items?: Item[] } | undefined;
  return details?.items ?? [];
};
const nodeText = (node: unknown) => {
  const n = (node ?? {}) as Node;
  return `${n.selector ?? "?"} ${JSON.stringify((n.nodeLabel ?? n.snippet ?? "").slice(0, 60))}`;
};
const ms = (value: unknown) => `${Math.round(Number(value))} ms`;
const shortUrl = (url: unknown) =>
  String(url)
    .replace(/^https?:\/\/[^/]+/, "")
    .slice(0, 90);

/**
 * What one run waited for and what moved, to find the cause rather than tune to the tool: the LCP element
 * with its phases (TTFB, load delay, load time, render delay, as Lighthouse estimates them), the layout
 * shifts with the element each moved and its score, the long tasks and the busiest scripts (what the total
 * blocking time is made of), and the requests that started before the observed LCP with their priority
 * (the simulation counts the render-blocking ones that end before it).
 */
export function printDetails(lhr: Result | undefined) {
  if (!lhr) return;
  const [element, phases] = itemsOf(lhr, "largest-contentful-paint-element") as { items?: Item[] }[];
  for (const item of element?.items ?? []) console.log(`      LCP element: ${nodeText(item.node)}`);
  for (const item of phases?.items ?? []) console.log(`        ${String(item.phase).padEnd(14)} ${ms(item.timing)}`);
  for (const item of itemsOf(lhr, "layout-shifts")) console.log(`      shift ${Number(item.score).toFixed(3)}: ${nodeText(item.node)}`);
  // What the blocking time is made of: the main thread's long tasks (in a simulated run, as the simulation
  // times them: the CPU slowdown applied) and the scripts that kept it busy longest.
  for (const task of itemsOf(lhr, "long-tasks").slice(0, 8))
    console.log(`      long task at ${ms(task.startTime)}: ${ms(task.duration)} ${shortUrl(task.url)}`);
  for (const script of itemsOf(lhr, "bootup-time").slice(0, 6))
    console.log(`      script ${shortUrl(script.url)}: ${ms(script.scripting)} running, ${ms(script.scriptParseCompile)} compiling`);
  const observed = itemsOf(lhr, "metrics")[0] ?? {};
  const lcpAt = Number(observed.observedLargestContentfulPaint);
  const fcpAt = Number(observed.observedFirstContentfulPaint);
  console.log(`      observed: FCP ${ms(fcpAt)}, LCP ${ms(lcpAt)}, load ${ms(observed.observedLoad)}`);
  const start = Number(itemsOf(lhr, "network-requests")[0]?.networkRequestTime ?? 0);
  for (const request of itemsOf(lhr, "network-requests")) {
    const at = Number(request.networkRequestTime) - start;
    if (at > lcpAt) continue;
    console.log(
      `        ${ms(at).padStart(8)} → ${ms(Number(request.networkEndTime) - start).padStart(8)}  ${String(request.priority).padEnd(8)} ${String(request.resourceType).padEnd(10)} ${Math.round(Number(request.transferSize) / 1024)} KB ${shortUrl(request.url)}`,
    );
  }
}

type TraceEvent = { name: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: { url?: string; frame?: string } } };

/**
 * One run's race, read from its trace: the observed LCP, when the first of the portal's chunks began to
 * evaluate and how many did before the LCP (each one the simulation counts), and the main thread's busy
 * time before the LCP (multiplied by the simulated CPU slowdown in the estimate).
 */
export function raceOf(traceEvents: TraceEvent[]): string {
  const navigation = traceEvents.find((e) => e.name === "navigationStart" && e.args?.data && "documentLoaderURL" in e.args.data);
  const candidates = traceEvents.filter((e) => e.name === "largestContentfulPaint::Candidate");
  const lcp = candidates.at(-1);
  if (!navigation || !lcp) return "no LCP in the trace";
  const at = (e: TraceEvent) => Math.round((e.ts - navigation.ts) / 1000);
  const chunks = traceEvents.filter((e) => e.name === "EvaluateScript" && e.args?.data?.url?.includes("/_next/static/chunks/"));
  const first = chunks.reduce<TraceEvent | undefined>((soonest, e) => (!soonest || e.ts < soonest.ts ? e : soonest), undefined);
  const before = chunks.filter((e) => e.ts < lcp.ts).length;
  const tasks = traceEvents.filter((e) => e.name === "RunTask" && e.pid === lcp.pid && e.tid === lcp.tid && e.ts >= navigation.ts && e.ts < lcp.ts);
  const busy = Math.round(tasks.reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000);
  return `LCP observed ${at(lcp)} ms; first chunk evaluated ${first ? `${at(first)} ms` : "never"}; ${before} chunk(s) evaluated before it; main thread busy ${busy} ms before it`;
}
