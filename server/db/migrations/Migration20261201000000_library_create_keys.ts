import { Migration } from '@mikro-orm/migrations';

/**
 * The key a create of a library was sent with (services/libraries.ts): sent again after a lost answer, the
 * create is answered with the library it made, where its name alone could not tell it from a second create
 * of a taken name. Not unique: it is read only beside the name, which is, and a key sent again with another
 * name is a create of that name. Libraries made before, or by a caller that sends no key, have none.
 */
export class Migration20261201000000_library_create_keys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "libraries" add column "request_key" uuid null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "libraries" drop column "request_key";`);
  }
}
