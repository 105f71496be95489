import { expect, it } from 'vitest';
import { createTestApp } from '../test/harness';

// The migrations are the schema and the entities document it: a change to one must be made to the other.
it('the entities describe the schema the migrations make', async () => {
  const t = await createTestApp();
  const sql = await t.orm.schema.getUpdateSchemaSQL({ wrap: false, safe: false, dropTables: true });
  expect(sql.trim()).toBe('');
});
