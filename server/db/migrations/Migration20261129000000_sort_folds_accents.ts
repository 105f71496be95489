import { Migration } from '@mikro-orm/migrations';

/**
 * Title order folds accents as searches do (Migration20261128000000): 'Émile' sorts among the E's and
 * 'Ábaco' among the A's, rather than after 'Zebra', as they did under a C or C.UTF-8 collation (the
 * embedded database's), where lower() left them past every ASCII letter.
 */
export class Migration20261129000000_sort_folds_accents extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "books" drop column "sort_title";`);
    this.addSql(`alter table "books" add column "sort_title" text generated always as (search_fold("title")) stored;`);
    this.addSql(`create index "books_library_title_order" on "books" ("library_id", "sort_title", "id");`);
    this.addSql(`create index "books_library_never_rented" on "books" ("library_id", "sort_title", "id") where not "ever_rented";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "books" drop column "sort_title";`);
    this.addSql(`alter table "books" add column "sort_title" text generated always as (lower("title")) stored;`);
    this.addSql(`create index "books_library_title_order" on "books" ("library_id", "sort_title", "id");`);
    this.addSql(`create index "books_library_never_rented" on "books" ("library_id", "sort_title", "id") where not "ever_rented";`);
  }
}
