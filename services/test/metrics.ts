import { registry } from "../observability/metrics";

/**
 * The value of one series in the process's metrics page (`registry.metrics()`, the text a scrape gets): the
 * line named `name` whose labels are exactly `labels`; undefined when the page has no such line.
 */
export async function seriesValue(name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  for (const line of (await registry.metrics()).split("\n")) {
    const match = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = [...(match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]);
    if (JSON.stringify(found.sort()) === wanted) return Number(match[3]);
  }
  return undefined;
}

/** A counter's value, 0 before its first count (a labelled counter has no line until then). */
export const countOf = async (name: string, labels: Record<string, string> = {}) => (await seriesValue(name, labels)) ?? 0;
