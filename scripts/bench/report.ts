import { mkdirSync, writeFileSync } from 'node:fs';
import type { ExplainResult } from './explain';
import type { LighthouseResult } from './lighthouse';
import type { LoadResult } from './load';

export interface BenchReport {
  date: string;
  machine: string;
  loadBefore: string;
  loadAfter: string;
  connections: number;
  durationS: number;
  warmUpS: number;
  seedMs: number;
  readyMs: number;
  scale: Record<string, number>;
  results: (LoadResult & { ratioToBare?: number; bare?: string })[];
  explain: ExplainResult[];
  invariantViolations: number;
  lighthouse: LighthouseResult[] | { error: string };
  targets: { target: string; measured: string; met: boolean }[];
}

const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

/** A ratio to the bare route, rounded down: 0.797 reads 0.79, so a miss never prints as the 0.80 it fell short of. */
export const ratio = (n: number) => (Math.floor(n * 100) / 100).toFixed(2);

function toMarkdown(r: BenchReport): string {
  const lines = [
    `# Benchmark ${r.date}`,
    '',
    `${r.machine}; load average before ${r.loadBefore}, after ${r.loadAfter}. autocannon, ${r.connections} connections, no pipelining, ${r.durationS} s per scenario, measured after ${r.warmUpS} s of the same load.`,
    `Data: ${Object.entries(r.scale).map(([k, v]) => `${v.toLocaleString('en')} ${k}`).join(', ')}; seeded in ${(r.seedMs / 1000).toFixed(1)} s. Start to ready (/readyz, existing data): ${ms(r.readyMs)}.`,
    '',
    '| scenario | request | req/s | p50 | p99 | errors | bytes/resp | vs bare |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    ...r.results.map(
      (x) =>
        `| ${x.name} | \`${x.path}\` | ${x.rps.toFixed(0)} | ${ms(x.p50)} | ${ms(x.p99)} | ${x.errors} | ${x.bytesPerResponse.toLocaleString('en')} | ${x.ratioToBare === undefined ? '' : `${ratio(x.ratioToBare)} of ${x.bare}`} |`,
    ),
    '',
    ...r.results.filter((x) => x.note).map((x) => `- ${x.name}: ${x.note}`),
    `- Invariant available_count = quantity - active rentals after the load: ${r.invariantViolations === 0 ? 'holds for every book' : `${r.invariantViolations} books violate it`}.`,
    '',
    '## Database time (EXPLAIN ANALYZE, BUFFERS; warm cache)',
    '',
    '| query | rows | execution | planning | buffers | plan |',
    '|---|---:|---:|---:|---|---|',
    ...r.explain.map((e) => `| ${e.name} | ${e.rows} | ${ms(e.executionMs)} | ${ms(e.planningMs)} | ${e.buffers} | ${e.plan.split('\n').map((l) => l.trim()).join(' > ')} |`),
    '',
    '## Lighthouse (mobile, simulated throttling)',
    '',
    ...('error' in r.lighthouse
      ? [`Not run: ${r.lighthouse.error}`]
      : [
          '| page | performance | accessibility | best practices |',
          '|---|---:|---:|---:|',
          ...r.lighthouse.map((l) => `| ${l.page} | ${l.performance} | ${l.accessibility} | ${l.bestPractices} |`),
          '',
          ...r.lighthouse.flatMap((l) => l.failing.map((f) => `- ${l.page} ${f}`)),
        ]),
    '',
    '## Targets',
    '',
    '| target | measured | met |',
    '|---|---|---|',
    ...r.targets.map((t) => `| ${t.target} | ${t.measured} | ${t.met ? 'yes' : '**no**'} |`),
    '',
  ];
  return lines.join('\n');
}

export function writeReport(dir: string, report: BenchReport): string {
  mkdirSync(dir, { recursive: true });
  const markdown = toMarkdown(report);
  writeFileSync(`${dir}/latest.md`, markdown);
  writeFileSync(`${dir}/latest.json`, JSON.stringify(report, null, 2));
  return markdown;
}
