import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from './user';

export const LibraryEntity = defineEntity({
  name: 'Library',
  tableName: 'libraries',
  // One library per name as it reads, whatever its case (Migration20261202000000).
  indexes: [
    { name: 'libraries_name_unique', expression: `create unique index "libraries_name_unique" on "libraries" (lower(normalize("name", NFKC)))` },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    name: p.text(),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
    // The key its create was sent with, to answer that create sent again (Migration20261201000000).
    requestKey: p.uuid().nullable(),
  }),
});

/** Users who run a library: its creator first. */
export const LibraryStaffEntity = defineEntity({
  name: 'LibraryStaff',
  tableName: 'library_staff',
  properties: (p) => ({
    library: p.manyToOne(LibraryEntity).primary().deleteRule('cascade'),
    user: p.manyToOne(UserEntity).primary().deleteRule('cascade').index(),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
  }),
});

/** Library admins asked to join a library's staff, who have not answered yet (services/staff.ts). */
export const StaffInvitationEntity = defineEntity({
  name: 'StaffInvitation',
  tableName: 'staff_invitations',
  properties: (p) => ({
    library: p.manyToOne(LibraryEntity).primary().deleteRule('cascade'),
    user: p.manyToOne(UserEntity).primary().deleteRule('cascade').index(),
    invitedBy: p.manyToOne(UserEntity).nullable().deleteRule('set null'),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
  }),
});

/** Patrons of a library: added on their first rental there or when registered at its kiosk. */
export const LibraryMemberEntity = defineEntity({
  name: 'LibraryMember',
  tableName: 'library_members',
  // The new members per period and per week insights (services/insights.ts).
  indexes: [{ properties: ['library', 'createdAt'], name: 'library_members_library_created_at' }],
  properties: (p) => ({
    library: p.manyToOne(LibraryEntity).primary().deleteRule('cascade'),
    user: p.manyToOne(UserEntity).primary().deleteRule('cascade').index(),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
  }),
});
