import type { LoadResult } from './load';

const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);

/**
 * `staff` clients for `durationS`, each opening one dashboard after another with no pause:
 * `next(turn)` names the request of each opening (a rotating library, period and time zone),
 * as the browser sends it. Latency is the whole answer's: every figure of that dashboard.
 */
export async function openDashboards(
  name: string,
  opts: { staff: number; durationS: number; next: (turn: number) => { url: string; headers: Record<string, string> } },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let turn = 0;
  const deadline = performance.now() + opts.durationS * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const { url, headers } = opts.next(turn++);
      const started = performance.now();
      try {
        const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
        const body = await response.arrayBuffer();
        latencies.push(performance.now() - started);
        bytes += body.byteLength;
        if (!response.ok) errors++;
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: opts.staff }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    path: new URL(opts.next(0).url).pathname,
    rps: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    errors,
    bytesPerResponse: latencies.length ? Math.round(bytes / latencies.length) : 0,
    note: `${opts.staff} staff, each opening the next dashboard (one batched request of every figure) as soon as the last one answered; ${latencies.length} dashboards`,
  };
}
