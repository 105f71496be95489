import { readdirSync, readFileSync } from 'node:fs';
import type pg from 'pg';

/** Linux counts process CPU time in ticks of 10 ms (CLK_TCK = 100). */
const TICK_MS = 10;

/** A process's parent, its own CPU ticks, and those of its children that have ended (and been waited for). */
function stat(pid: number): { ppid: number; ticks: number; endedChildrenTicks: number } {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), endedChildrenTicks: Number(fields[13]) + Number(fields[14]) };
}

/**
 * CPU ticks used so far by a process and its children (PostgreSQL's backends, node's cluster workers),
 * those that have ended included: a pool closing its idle connections ends backends during a run.
 */
function familyTicks(root: number): number {
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const s = stat(Number(name));
      if (Number(name) === root) total += s.ticks + s.endedChildrenTicks;
      else if (s.ppid === root) total += s.ticks;
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/**
 * CPU time per request of the server and of PostgreSQL, read from /proc around a scenario: what a
 * request costs whatever else the machine is running (latency under a shared load says less). `server`
 * is the process id the bench started the server (or the bare one) as.
 */
export async function cpuMeter(client: pg.Client, server: number) {
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const postmaster = stat(rows[0].pid).ppid;
  const read = () => ({ server: familyTicks(server), postgres: familyTicks(postmaster) });
  return {
    read,
    perRequest(started: ReturnType<typeof read>, requests: number) {
      const now = read();
      const ms = (ticks: number) => ((ticks * TICK_MS) / Math.max(requests, 1)).toFixed(2);
      return `CPU per request: server ${ms(now.server - started.server)} ms, PostgreSQL ${ms(now.postgres - started.postgres)} ms`;
    },
  };
}

export type Meter = Awaited<ReturnType<typeof cpuMeter>>;
