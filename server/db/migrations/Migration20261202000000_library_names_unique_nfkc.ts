import { Migration } from '@mikro-orm/migrations';

/**
 * One library per name as it reads on screen: its compatibility letters read as the letters they stand for
 * (NFKC: a full-width 'Ｃentral Library' is 'Central Library'), whatever its case. The index, not a look
 * before the insert, refuses the second of two such names created at once. Libraries that already share a
 * name so read are renamed as Migration20261127000000 renamed those of one name in another case.
 */
export class Migration20261202000000_library_names_unique_nfkc extends Migration {
  override async up(): Promise<void> {
    this.addSql(`do $$
      declare
        later record;
        renamed text;
      begin
        for later in select l.id, l.name from libraries l
          where exists (select 1 from libraries o where lower(normalize(o.name, NFKC)) = lower(normalize(l.name, NFKC)) and o.id < l.id)
          order by l.id
        loop
          renamed := later.name || ' (' || later.id || ')';
          while exists (select 1 from libraries where lower(normalize(name, NFKC)) = lower(normalize(renamed, NFKC)) and id <> later.id) loop
            renamed := renamed || ' (' || later.id || ')';
          end loop;
          update libraries set name = renamed where id = later.id;
        end loop;
      end $$`);
    this.addSql(`drop index "libraries_name_unique"`);
    this.addSql(`create unique index "libraries_name_unique" on "libraries" (lower(normalize("name", NFKC)))`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "libraries_name_unique"`);
    this.addSql(`create unique index "libraries_name_unique" on "libraries" (lower("name"))`);
  }
}
