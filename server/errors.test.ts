import { describe, expect, it } from 'vitest';
import { tooManyRequests, waitText } from './errors';

describe('a rate limit names its wait', () => {
  it('in seconds under a minute, in minutes rounded up to two hours, then in hours rounded up', () => {
    expect([1, 40, 59, 60, 61, 899, 900, 3600, 7200, 7201, 82_800, 86_400].map(waitText)).toEqual([
      '1 second', '40 seconds', '59 seconds', '1 minute', '2 minutes', '15 minutes', '15 minutes', '60 minutes', '120 minutes',
      '3 hours', '23 hours', '24 hours',
    ]);
  });

  it('in the refusal, beside the seconds Retry-After carries', () => {
    expect(tooManyRequests(899)).toMatchObject({ kind: 'TOO_MANY_REQUESTS', message: 'Too many attempts. Please try again in 15 minutes.', retryAfterSeconds: 899 });
  });
});
