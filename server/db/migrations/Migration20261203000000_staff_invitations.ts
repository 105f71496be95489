import { Migration } from '@mikro-orm/migrations';

/**
 * Invitations to a library's staff (services/staff.ts): one of its staff names a library admin by email, and
 * they join only once they accept. Joined without a say, anyone could be made staff of a library they never
 * chose: shown in their picker, its titles answering their book lookups, and, once its inviter left, theirs
 * for good as its last staff member. The inviter is kept for the invitee to see who asked, until their
 * account goes.
 */
export class Migration20261203000000_staff_invitations extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "staff_invitations" ("library_id" int not null, "user_id" int not null, "invited_by_id" int null, "created_at" timestamptz not null default now(), constraint "staff_invitations_pkey" primary key ("library_id", "user_id"));`,
    );
    this.addSql(`create index "staff_invitations_user_id_index" on "staff_invitations" ("user_id");`);
    this.addSql(`alter table "staff_invitations" add constraint "staff_invitations_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "staff_invitations" add constraint "staff_invitations_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`);
    this.addSql(`alter table "staff_invitations" add constraint "staff_invitations_invited_by_id_foreign" foreign key ("invited_by_id") references "users" ("id") on update cascade on delete set null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table "staff_invitations";`);
  }
}
