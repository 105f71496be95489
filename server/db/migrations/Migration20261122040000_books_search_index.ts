import { Migration } from '@mikro-orm/migrations';

/**
 * Book search (services/book-list.ts listBooks) in one index: the library and the title and author
 * joined by a unit separator, so PostgreSQL reads only the library's matches. The two trigram
 * indexes it replaces matched every library's books, which were then read and thrown away.
 */
export class Migration20261122040000_books_search_index extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists btree_gin;`);
    this.addSql(`create index "books_library_search_trgm" on "books" using gin ("library_id", ("title" || E'\\x1f' || "author") gin_trgm_ops);`);
    this.addSql(`drop index "books_title_trgm";`);
    this.addSql(`drop index "books_author_trgm";`);
  }

  override async down(): Promise<void> {
    this.addSql(`create index "books_title_trgm" on "books" using gin ("title" gin_trgm_ops);`);
    this.addSql(`create index "books_author_trgm" on "books" using gin ("author" gin_trgm_ops);`);
    this.addSql(`drop index "books_library_search_trgm";`);
  }
}
