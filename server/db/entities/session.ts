import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from './user';

/** A signed-in browser. The cookie holds a random token; only its SHA-256 is stored. */
export const SessionEntity = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    tokenHash: p.text().unique(),
    user: p.manyToOne(UserEntity).deleteRule('cascade').index(),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
    lastSeenAt: p.datetime().defaultRaw('now()'),
    expiresAt: p.datetime(),
  }),
});
