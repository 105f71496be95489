import { defineEntity } from '@mikro-orm/core';
import { ROLES } from '../../../shared/constants';

export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'users',
  indexes: [
    // listCustomers' search (services/customers.ts): `search_fold(u.display_name) like search_fold(?)`, and `u.email ilike ?`.
    {
      name: 'users_display_name_trgm',
      expression: `create index "users_display_name_trgm" on "users" using gin (search_fold("display_name") gin_trgm_ops)`,
    },
    { name: 'users_email_trgm', expression: `create index "users_email_trgm" on "users" using gin ("email" gin_trgm_ops)` },
  ],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    email: p.text().unique(),
    passwordHash: p.text().nullable(),
    displayName: p.text(),
    avatarUrl: p.text().nullable(),
    phoneNumber: p.text().nullable().unique(),
    role: p.enum([...ROLES]).default('customer'),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
    updatedAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});
