import { Migration } from '@mikro-orm/migrations';

/** Indexes for the staff insights: returns per day, never-rented books, new members per week. */
export class Migration20261122000000_insights_indexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "rentals_library_returned_at" on "rentals" ("library_id", "returned_at") where "returned_at" is not null;`);
    this.addSql(`create index "rentals_book_id_index" on "rentals" ("book_id");`);
    this.addSql(`create index "library_members_library_created_at" on "library_members" ("library_id", "created_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "library_members_library_created_at";`);
    this.addSql(`drop index "rentals_book_id_index";`);
    this.addSql(`drop index "rentals_library_returned_at";`);
  }
}
