// The parts of autocannon's API the load bench uses (the package ships no types).
declare module "autocannon" {
  type Histogram = { average: number; p50: number; p99: number };
  type Client = { setHeaders: (headers: Record<string, string>) => void };
  type Options = { url: string; connections: number; duration: number; timeout?: number; setupClient?: (client: Client) => void };
  type Result = {
    requests: Histogram;
    latency: Histogram;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  };
  export default function autocannon(options: Options): Promise<Result>;
}
