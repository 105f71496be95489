import { isIP } from 'node:net';
import type { Config } from './config';
import type { Database } from './db/database';
import type { DemoSignIn } from './db/seed';

/**
 * The demo data, when SEED_DEMO_DATA is on: seeded by this start, there from an earlier one, or not seeded as the
 * database already held other accounts (its demo sign-ins would not work); and the demo sign-ins as they stand.
 */
export interface DemoData {
  state: 'seeded' | 'present' | 'not seeded';
  signIns: DemoSignIn[];
}

/** HOST as a browser on this machine opens it: every interface as localhost, an IPv6 address in brackets. */
function browserHost(host: string) {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return isIP(host) === 6 ? `[${host}]` : host;
}

interface Ready {
  database: Database;
  demo: DemoData | null;
  /** The port listened on (PORT=0 picks a free one). */
  port: number;
  /** When the start began (performance.now()), for the time it took. */
  startedAt: number;
}

/** The lines that say the server serves: where, on which database, and the demo sign-ins. */
export function printBanner(config: Config, { database, demo, port, startedAt }: Ready) {
  const host = browserHost(config.host);
  const lines = [
    '',
    `  Scroll Library is ready at http://${host}:${port}  (${Math.round(performance.now() - startedAt)} ms${config.workers > 1 ? `, ${config.workers} workers` : ''})`,
    `  Database: ${database.embedded ? `embedded PostgreSQL in ${config.dataDir}/postgres` : 'DATABASE_URL'}${demo?.state === 'seeded' ? ' (demo data seeded)' : ''}`,
  ];
  if (demo?.state === 'not seeded') lines.push('', '  Demo data not seeded: the database already holds accounts, so there are no demo sign-ins.');
  else if (demo?.signIns.length) {
    lines.push('', '  Demo sign-ins:');
    for (const s of demo.signIns) lines.push(`    ${s.role.padEnd(14)} ${s.email.padEnd(24)} ${s.password}`);
  }
  console.log(lines.join('\n') + '\n');
}
