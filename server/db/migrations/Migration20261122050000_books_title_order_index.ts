import { Migration } from '@mikro-orm/migrations';

/**
 * Book lists are read a page at a time in title order (services/book-list.ts listBooks): with the order
 * in an index, a page of a library's books is read from it instead of sorting all of them first.
 */
export class Migration20261122050000_books_title_order_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create index "books_library_title_order" on "books" ("library_id", lower("title"), "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "books_library_title_order";`);
  }
}
