import { Migration } from '@mikro-orm/migrations';

/**
 * The collection insight without scanning rentals or the library's scattered book rows:
 * - `books.ever_rented`, kept by triggers on rentals: set by a book's first rental, cleared
 *   only when its last rental row is deleted. A flag, not a counter, so a rent writes it once
 *   per book: an indexed column that changed on every rent would make each rent's update of
 *   the book row non-HOT (new entries in every index of books, the trigram ones included).
 * - a partial index of never-rented books in title order: the count and the first titles.
 * - a covering index of what the totals sum, read by an index-only scan. A review or a quantity
 *   change (rare next to rents) now updates an indexed column: it pays that index upkeep.
 * Statement-level triggers with transition tables, so a bulk insert (the benchmark seed) costs
 * one update, not one per row. rentals.book_id never changes (books.id is never renumbered).
 */
export class Migration20261122030000_insights_collection extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "books" add column "ever_rented" boolean not null default false;`);
    this.addSql(`update "books" b set "ever_rented" = true where exists (select 1 from "rentals" r where r."book_id" = b."id");`);

    this.addSql(`create function "rentals_mark_books_rented"() returns trigger language plpgsql as $$
      begin
        update "books" set "ever_rented" = true where not "ever_rented" and "id" in (select "book_id" from "new_rentals");
        return null;
      end $$;`);
    this.addSql(`create trigger "rentals_mark_books_rented" after insert on "rentals"
      referencing new table as "new_rentals" for each statement execute function "rentals_mark_books_rented"();`);

    this.addSql(`create function "rentals_unmark_books_rented"() returns trigger language plpgsql as $$
      begin
        update "books" b set "ever_rented" = false
         where b."ever_rented" and b."id" in (select "book_id" from "old_rentals")
           and not exists (select 1 from "rentals" r where r."book_id" = b."id");
        return null;
      end $$;`);
    this.addSql(`create trigger "rentals_unmark_books_rented" after delete on "rentals"
      referencing old table as "old_rentals" for each statement execute function "rentals_unmark_books_rented"();`);

    this.addSql(`create function "rentals_unmark_all_books"() returns trigger language plpgsql as $$
      begin
        update "books" set "ever_rented" = false where "ever_rented";
        return null;
      end $$;`);
    this.addSql(`create trigger "rentals_unmark_all_books" after truncate on "rentals" for each statement execute function "rentals_unmark_all_books"();`);

    this.addSql(`create index "books_library_never_rented" on "books" ("library_id", lower("title"), "id") where not "ever_rented";`);
    this.addSql(`create index "books_library_totals" on "books" ("library_id") include ("quantity", "ratings_sum", "ratings_count");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "books_library_totals";`);
    this.addSql(`drop index "books_library_never_rented";`);
    this.addSql(`drop trigger "rentals_unmark_all_books" on "rentals";`);
    this.addSql(`drop function "rentals_unmark_all_books"();`);
    this.addSql(`drop trigger "rentals_unmark_books_rented" on "rentals";`);
    this.addSql(`drop function "rentals_unmark_books_rented"();`);
    this.addSql(`drop trigger "rentals_mark_books_rented" on "rentals";`);
    this.addSql(`drop function "rentals_mark_books_rented"();`);
    this.addSql(`alter table "books" drop column "ever_rented";`);
  }
}
