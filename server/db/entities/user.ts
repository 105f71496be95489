import { defineEntity } from '@mikro-orm/core';
import { ROLES } from '../../../shared/constants';

export const UserEntity = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    email: p.text().unique(),
    passwordHash: p.text().nullable(),
    displayName: p.text(),
    avatarUrl: p.text().nullable(),
    phoneNumber: p.text().nullable().unique(),
    role: p.enum([...ROLES]).default('customer'),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  }),
});
