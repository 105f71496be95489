import { defineEntity } from '@mikro-orm/core';
import { UserEntity } from './user';

/** A third-party identity (Google, or the local OpenID provider) linked to a user. */
export const OAuthAccountEntity = defineEntity({
  name: 'OAuthAccount',
  tableName: 'oauth_accounts',
  uniques: [{ properties: ['provider', 'providerUserId'], name: 'oauth_accounts_provider_subject_unique' }],
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    provider: p.text(),
    providerUserId: p.text(),
    user: p.manyToOne(UserEntity).deleteRule('cascade').index(),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
  }),
});

/** One-time, short-lived token handed to the opener window after OAuth; stored hashed. */
export const TemporaryTokenEntity = defineEntity({
  name: 'TemporaryToken',
  tableName: 'temporary_tokens',
  properties: (p) => ({
    id: p.integer().primary().autoincrement(),
    tokenHash: p.text().unique(),
    user: p.manyToOne(UserEntity).deleteRule('cascade'),
    expiresAt: p.datetime(),
    usedAt: p.datetime().nullable(),
    createdAt: p.datetime().defaultRaw('now()').onCreate(() => new Date()),
  }),
});

/** OAuth state and PKCE verifier between authorize and callback, bound to the browser by a cookie. */
export const OAuthStateEntity = defineEntity({
  name: 'OAuthState',
  tableName: 'oauth_states',
  properties: (p) => ({
    stateHash: p.text().primary(),
    browserBindingHash: p.text(),
    codeVerifier: p.text(),
    provider: p.text(),
    expiresAt: p.datetime(),
  }),
});

/** Fixed-window counters shared by every server process. */
export const RateLimitEntity = defineEntity({
  name: 'RateLimit',
  tableName: 'rate_limits',
  properties: (p) => ({
    key: p.text().primary(),
    hits: p.integer(),
    resetAt: p.datetime(),
  }),
});

/** ISBN lookups from the providers; a null result records "not found" for a shorter time. */
export const IsbnLookupEntity = defineEntity({
  name: 'IsbnLookup',
  tableName: 'isbn_lookups',
  properties: (p) => ({
    isbn13: p.text().primary(),
    result: p.json<Record<string, unknown>>().nullable(),
    source: p.text().nullable(),
    expiresAt: p.datetime(),
  }),
});
