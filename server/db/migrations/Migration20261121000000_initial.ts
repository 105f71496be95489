import { Migration } from '@mikro-orm/migrations';

/** The whole schema of SPEC section 3, with the constraints and indexes of DESIGN.md. */
export class Migration20261121000000_initial extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists pg_trgm;`);

    this.addSql(`create table "users" ("id" serial primary key, "email" text not null, "password_hash" text null, "display_name" text not null, "avatar_url" text null, "phone_number" text null, "role" text check ("role" in ('user', 'admin', 'library_admin', 'customer')) not null default 'customer', "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`);
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`alter table "users" add constraint "users_phone_number_unique" unique ("phone_number");`);
    this.addSql(`create index "users_display_name_trgm" on "users" using gin (lower("display_name") gin_trgm_ops);`);
    this.addSql(`create index "users_email_trgm" on "users" using gin ("email" gin_trgm_ops);`);

    this.addSql(`create table "sessions" ("id" serial primary key, "token_hash" text not null, "user_id" int not null, "created_at" timestamptz not null default now(), "last_seen_at" timestamptz not null default now(), "expires_at" timestamptz not null);`);
    this.addSql(`alter table "sessions" add constraint "sessions_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);

    this.addSql(`create table "libraries" ("id" serial primary key, "name" text not null, "created_at" timestamptz not null default now());`);

    this.addSql(`create table "library_staff" ("library_id" int not null, "user_id" int not null, "created_at" timestamptz not null default now(), constraint "library_staff_pkey" primary key ("library_id", "user_id"));`);
    this.addSql(`create index "library_staff_user_id_index" on "library_staff" ("user_id");`);
    this.addSql(`create table "library_members" ("library_id" int not null, "user_id" int not null, "created_at" timestamptz not null default now(), constraint "library_members_pkey" primary key ("library_id", "user_id"));`);
    this.addSql(`create index "library_members_user_id_index" on "library_members" ("user_id");`);

    this.addSql(`create table "books" ("id" serial primary key, "library_id" int not null, "isbn" text not null, "isbn13" text not null, "title" text not null, "author" text not null, "quantity" int not null default 1, "available_count" int not null default 1, "thumbnail_url" text null, "full_image_url" text null, "acquisition_date" date null, "categories" text[] not null default '{}', "description" text null, "publisher" text null, "published_date" text null, "page_count" int null, "language" text null, "format" text null, "edition" text null, "subtitle" text null, "info_link" text null, "maturity_rating" text null, "preview_link" text null, "print_type" text null, "ratings_count" int not null default 0, "ratings_sum" int not null default 0, "created_at" timestamptz not null default now(), "updated_at" timestamptz not null default now());`);
    this.addSql(`alter table "books" add constraint "books_library_isbn13_unique" unique ("library_id", "isbn13");`);
    this.addSql(`alter table "books" add constraint "books_quantity_check" check ("quantity" >= 0);`);
    this.addSql(`alter table "books" add constraint "books_available_count_check" check ("available_count" between 0 and "quantity");`);
    this.addSql(`create index "books_title_trgm" on "books" using gin ("title" gin_trgm_ops);`);
    this.addSql(`create index "books_author_trgm" on "books" using gin ("author" gin_trgm_ops);`);
    this.addSql(`create index "books_isbn13_index" on "books" ("isbn13");`);

    this.addSql(`create table "rentals" ("id" serial primary key, "book_id" int not null, "library_id" int not null, "customer_id" int not null, "rented_at" timestamptz not null default now(), "returned_at" timestamptz null);`);
    this.addSql(`create unique index "rentals_one_active_per_customer_book" on "rentals" ("book_id", "customer_id") where "returned_at" is null;`);
    this.addSql(`create index "rentals_library_active" on "rentals" ("library_id", "rented_at" desc) where "returned_at" is null;`);
    this.addSql(`create index "rentals_library_rented_at" on "rentals" ("library_id", "rented_at" desc);`);
    this.addSql(`create index "rentals_customer_rented_at" on "rentals" ("customer_id", "rented_at" desc);`);

    this.addSql(`create table "reviews" ("id" serial primary key, "book_id" int not null, "user_id" int not null, "rating" smallint not null, "review_text" text null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "reviews" add constraint "reviews_book_user_unique" unique ("book_id", "user_id");`);
    this.addSql(`alter table "reviews" add constraint "reviews_rating_check" check ("rating" between 1 and 5);`);
    this.addSql(`alter table "reviews" add constraint "reviews_text_length_check" check (char_length("review_text") <= 5000);`);
    this.addSql(`create index "reviews_user_id_index" on "reviews" ("user_id");`);

    this.addSql(`create table "oauth_accounts" ("id" serial primary key, "provider" text not null, "provider_user_id" text not null, "user_id" int not null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "oauth_accounts" add constraint "oauth_accounts_provider_subject_unique" unique ("provider", "provider_user_id");`);
    this.addSql(`create index "oauth_accounts_user_id_index" on "oauth_accounts" ("user_id");`);

    this.addSql(`create table "temporary_tokens" ("id" serial primary key, "token_hash" text not null, "user_id" int not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null default now());`);
    this.addSql(`alter table "temporary_tokens" add constraint "temporary_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(`create table "oauth_states" ("state_hash" text not null, "browser_binding_hash" text not null, "code_verifier" text not null, "provider" text not null, "expires_at" timestamptz not null, constraint "oauth_states_pkey" primary key ("state_hash"));`);
    this.addSql(`create table "rate_limits" ("key" text not null, "hits" int not null, "reset_at" timestamptz not null, constraint "rate_limits_pkey" primary key ("key"));`);
    this.addSql(`create table "isbn_lookups" ("isbn13" text not null, "result" jsonb null, "source" text null, "expires_at" timestamptz not null, constraint "isbn_lookups_pkey" primary key ("isbn13"));`);

    for (const [table, column, target] of [
      ['sessions', 'user_id', 'users'],
      ['library_staff', 'library_id', 'libraries'],
      ['library_staff', 'user_id', 'users'],
      ['library_members', 'library_id', 'libraries'],
      ['library_members', 'user_id', 'users'],
      ['books', 'library_id', 'libraries'],
      ['rentals', 'book_id', 'books'],
      ['rentals', 'library_id', 'libraries'],
      ['rentals', 'customer_id', 'users'],
      ['reviews', 'book_id', 'books'],
      ['reviews', 'user_id', 'users'],
      ['oauth_accounts', 'user_id', 'users'],
      ['temporary_tokens', 'user_id', 'users'],
    ]) {
      this.addSql(`alter table "${table}" add constraint "${table}_${column}_foreign" foreign key ("${column}") references "${target}" ("id") on update cascade on delete cascade;`);
    }
  }
}
