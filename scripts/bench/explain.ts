import pg from 'pg';

export interface ExplainResult {
  name: string;
  executionMs: number;
  planningMs: number;
  rows: number;
  /** Shared buffers hit and read: pages served from cache vs. from disk. */
  buffers: string;
  plan: string;
}

export interface ExplainQuery {
  name: string;
  sql: string;
  params: unknown[];
  /** Writes run inside a transaction that is rolled back. */
  write?: boolean;
}

function planSummary(node: any, depth = 0): string[] {
  const label = `${'  '.repeat(depth)}${node['Node Type']}${node['Index Name'] ? ` using ${node['Index Name']}` : node['Relation Name'] ? ` on ${node['Relation Name']}` : ''}`;
  return [label, ...(node.Plans ?? []).flatMap((child: any) => planSummary(child, depth + 1))];
}

/** EXPLAIN (ANALYZE, BUFFERS) of each query, run twice so the second reads a warm cache: the database's own time. */
export async function explainAll(databaseUrl: string, queries: ExplainQuery[]): Promise<ExplainResult[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const results: ExplainResult[] = [];
    for (const q of queries) {
      let plan: any;
      for (let i = 0; i < 2; i++) {
        if (q.write) await client.query('begin');
        const { rows } = await client.query(`explain (analyze, buffers, format json) ${q.sql}`, q.params);
        if (q.write) await client.query('rollback');
        plan = rows[0]['QUERY PLAN'][0];
      }
      const top = plan.Plan;
      results.push({
        name: q.name,
        executionMs: plan['Execution Time'],
        planningMs: plan['Planning Time'],
        rows: top['Actual Rows'],
        buffers: `hit ${top['Shared Hit Blocks'] ?? 0}, read ${top['Shared Read Blocks'] ?? 0}`,
        plan: planSummary(top).join('\n'),
      });
    }
    return results;
  } finally {
    await client.end();
  }
}
