import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { initOrm } from './orm';

/** A database of its own with no migration applied, dropped after `use`. */
async function emptyDatabase(use: (url: string) => Promise<void>) {
  const server = inject('pgServerUrl');
  const name = `migrate_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: `${server}/postgres` });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  try {
    await use(`${server}/${name}`);
  } finally {
    await admin.query(`drop database "${name}" with (force)`);
    await admin.end();
  }
}

it('an older database whose libraries share a name, one named as a renamed one would be, takes the unique names', async () => {
  await emptyDatabase(async (url) => {
    const orm = await initOrm(url);
    try {
      const sql = (text: string) => orm.em.getConnection().execute(text);
      await orm.getMigrator().up({ to: 'Migration20261126000000_library_trigrams_plpgsql' });
      await sql(`insert into libraries (name) values ('Central Library'), ('central library'), ('Central Library (2)'), ('CENTRAL LIBRARY')`);
      await orm.getMigrator().up();
      // The oldest of a name keeps it; a later one gets its id after it, again when that is taken too.
      expect(await sql(`select id, name from libraries order by id`)).toEqual([
        { id: 1, name: 'Central Library' },
        { id: 2, name: 'central library (2) (2)' },
        { id: 3, name: 'Central Library (2)' },
        { id: 4, name: 'CENTRAL LIBRARY (4)' },
      ]);
      expect(await orm.getMigrator().getPendingMigrations()).toEqual([]);
    } finally {
      await orm.close();
    }
  });
});

it('an older database whose library names read alike in compatibility letters takes names that read apart', async () => {
  await emptyDatabase(async (url) => {
    const orm = await initOrm(url);
    try {
      const sql = (text: string) => orm.em.getConnection().execute(text);
      await orm.getMigrator().up({ to: 'Migration20261201000000_library_create_keys' });
      // A full-width Ｈ, and a º that reads as an o.
      await sql(`insert into libraries (name) values ('Harbour Library'), ('\uff28arbour library'), ('Biblioteca No 5'), ('Biblioteca N\u00ba 5')`);
      await orm.getMigrator().up();
      expect(await sql(`select id, name from libraries order by id`)).toEqual([
        { id: 1, name: 'Harbour Library' },
        { id: 2, name: '\uff28arbour library (2)' },
        { id: 3, name: 'Biblioteca No 5' },
        { id: 4, name: 'Biblioteca N\u00ba 5 (4)' },
      ]);
      // The index holds it from now on: a look-alike inserted later is refused by the database itself.
      await expect(sql(`insert into libraries (name) values ('HARBOUR LIBRARY')`)).rejects.toThrow(/libraries_name_unique/);
    } finally {
      await orm.close();
    }
  });
});
