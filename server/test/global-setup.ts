import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded';
import { initOrm, migrate } from '../db/orm';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://... of the test cluster, without a database name. */
    pgServerUrl: string;
  }
}

import { TEMPLATE_DATABASE } from './template';

/** One embedded cluster per test run, with a migrated template every test file clones. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'scroll-test-pg-'));
  const pg = await startEmbeddedPostgres(dir);
  await pg.createDatabase(TEMPLATE_DATABASE);
  const orm = await initOrm(pg.url(TEMPLATE_DATABASE));
  await migrate(orm);
  await orm.close();
  project.provide('pgServerUrl', pg.url('').replace(/\/$/, ''));
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
