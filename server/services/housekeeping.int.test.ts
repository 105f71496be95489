import { beforeAll, describe, expect, it } from 'vitest';
import { hit } from './rate-limits';
import { sweepExpired } from './housekeeping';
import { signedIn } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sessionIdleDays: 14, sessionAbsoluteDays: 60 });
});

const sessionsOf = async (userId: number) => Number((await t.sql<{ n: string }>(`select count(*) as n from sessions where user_id = ?`, [userId]))[0].n);

describe('the expired-row sweep', () => {
  it('deletes sessions past their absolute or idle limit, and keeps the ones still in use', async () => {
    const [past, idle, live] = [await signedIn(t), await signedIn(t), await signedIn(t)];
    await t.sql(`update sessions set expires_at = now() - interval '1 second' where user_id = ?`, [past.user.id]);
    await t.sql(`update sessions set last_seen_at = now() - interval '15 days' where user_id = ?`, [idle.user.id]);

    expect(await sweepExpired(t.orm.em.fork(), t.config)).toEqual({ sessions: 2, rateLimitWindows: 0 });

    expect([await sessionsOf(past.user.id), await sessionsOf(idle.user.id), await sessionsOf(live.user.id)]).toEqual([0, 0, 1]);
    expect((await live.client.rest('GET', '/_api/auth/session')).body.user.id).toBe(live.user.id);
  });

  it('deletes rate-limit windows that have ended, and keeps the counts of running ones', async () => {
    await hit(t.orm.em.fork(), [{ key: 'sweep:ended', max: 5, windowSeconds: 60 }, { key: 'sweep:running', max: 5, windowSeconds: 60 }]);
    await t.sql(`update rate_limits set reset_at = now() - interval '1 second' where key = 'sweep:ended'`);

    expect(await sweepExpired(t.orm.em.fork(), t.config)).toEqual({ sessions: 0, rateLimitWindows: 1 });

    expect(await t.sql(`select key, hits from rate_limits where key like 'sweep:%'`)).toEqual([{ key: 'sweep:running', hits: 1 }]);
  });
});
