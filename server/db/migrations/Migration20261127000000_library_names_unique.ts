import { Migration } from '@mikro-orm/migrations';

/**
 * One library per name, whatever its case: patrons and staff pick a library by its name alone (the
 * selectors, the kiosk's title), so two of one name could not be told apart. Libraries that already
 * share a name keep the oldest as it is; each later one gets its id after the name, to be renamed,
 * once more while another library has that name already ('Central Library (2)').
 */
export class Migration20261127000000_library_names_unique extends Migration {
  override async up(): Promise<void> {
    this.addSql(`do $$
      declare
        later record;
        renamed text;
      begin
        for later in select l.id, l.name from libraries l
          where exists (select 1 from libraries o where lower(o.name) = lower(l.name) and o.id < l.id) order by l.id
        loop
          renamed := later.name || ' (' || later.id || ')';
          while exists (select 1 from libraries where lower(name) = lower(renamed) and id <> later.id) loop
            renamed := renamed || ' (' || later.id || ')';
          end loop;
          update libraries set name = renamed where id = later.id;
        end loop;
      end $$`);
    this.addSql(`create unique index "libraries_name_unique" on "libraries" (lower("name"))`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "libraries_name_unique"`);
  }
}
