import { Migration } from '@mikro-orm/migrations';

/**
 * The staff insights read a library's rentals by time: carry the columns they need in the index so
 * PostgreSQL can answer from the index alone. The rentals list with returned ones walks it for its
 * newest-first order, then reads each page's rows from the table (it needs the rental id); the list
 * of active rentals walks the partial rentals_library_active instead.
 */
export class Migration20261122010000_rentals_covering_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "rentals_library_rented_at_covering" on "rentals" ("library_id", "rented_at" desc) include ("book_id", "customer_id", "returned_at");`);
    this.addSql(`drop index "rentals_library_rented_at";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "rentals_library_rented_at" on "rentals" ("library_id", "rented_at" desc);`);
    this.addSql(`drop index "rentals_library_rented_at_covering";`);
  }
}
