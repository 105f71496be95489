import { Migration } from '@mikro-orm/migrations';

/**
 * The kiosk finds a customer whose saved number has a country code the patron leaves out ('15550107777'
 * for '5550107777'): the numbers that end in the typed one. Reversed, they are the ones that begin with it,
 * a range of this index read from the typed number reversed (customers.ts, identifyAtKiosk). In the "C"
 * collation strings sort byte by byte, so the ones beginning with some digits lie together, whatever the
 * database's own collation; and a range of bound values reads the index in a prepared statement too, where
 * a LIKE pattern could not.
 */
export class Migration20261202000000_users_phone_reversed extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "users_phone_number_reversed" on "users" ((reverse("phone_number") collate "C"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "users_phone_number_reversed";`);
  }
}
