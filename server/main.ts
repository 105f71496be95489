import { resolve } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { initOrm, migrate } from './db/orm';
import { demoSignIns, seedDemoData } from './db/seed';

const startedAt = performance.now();
const config = loadConfig();
const database = await openDatabase(config);
const orm = await initOrm(database.url);
await migrate(orm);
const seeded = config.seedDemoData ? await seedDemoData(orm.em.fork()) : false;

const app = await buildApp({
  orm,
  config,
  clientDir: process.env.CLIENT_DIR ?? resolve(import.meta.dirname, '../client'),
  logger: {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  },
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close(); // finishes in-flight requests
  await orm.close();
  await database.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
const lines = [
  '',
  `  Scroll Library is ready at ${url}  (${Math.round(performance.now() - startedAt)} ms)`,
  `  Database: ${database.embedded ? `embedded PostgreSQL in ${config.dataDir}/postgres` : 'DATABASE_URL'}${seeded ? ' (demo data seeded)' : ''}`,
];
if (config.seedDemoData) {
  lines.push('', '  Demo sign-ins:');
  for (const s of demoSignIns) lines.push(`    ${s.role.padEnd(14)} ${s.email.padEnd(24)} ${s.password}`);
}
console.log(lines.join('\n') + '\n');
