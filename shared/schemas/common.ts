import { z } from 'zod';
import { KIOSK_PHONE_MIN_DIGITS } from '../constants';

/** Query strings arrive as text: digits become numbers, anything else is left for the schema to refuse. */
const fromQueryNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

const fromQueryBoolean = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);

/** Ids are PostgreSQL integers: a larger number names no row (and the database would refuse to compare it). */
export const MAX_ID = 2_147_483_647;

export const positiveId = (message = 'Must be a positive integer') =>
  z.preprocess(fromQueryNumber, z.number({ error: message }).int(message).positive(message).max(MAX_ID, message));

/** An integer from the query string or a JSON body, within [min, max] (max optional). */
export const queryInt = (message: string, min: number, max?: number) => {
  const n = z.number({ error: message }).int(message).min(min, message);
  return z.preprocess(fromQueryNumber, max === undefined ? n : n.max(max, message));
};

/**
 * Paging of a list, through either door: `limit` is the page size (1 to max), `cursor` the id of the
 * last row of the page before (tRPC's infinite queries pass their page param here), and the next page
 * starts after that row's place in the list's order. Rows added or leaving the list meanwhile move no
 * other row across a page boundary, as an offset would (repeating or skipping one). `direction` is
 * what tRPC 11's infinite queries send alongside the cursor; paging only goes forward, so it is ignored.
 */
export const pageFields = (max: number) => ({
  limit: queryInt(`Limit must be between 1 and ${max}`, 1, max).optional(),
  cursor: positiveId('Cursor must be the id of the last row of the page before').optional(),
  direction: z.enum(['forward', 'backward']).optional(),
});

export const queryBoolean = () => z.preprocess(fromQueryBoolean, z.boolean());

/** Phone numbers are kept as digits only, so the kiosk finds a patron however the number was typed. */
export const phoneDigits = (v: string) => v.replace(/\D/g, '');

/** A phone number to register with: 10 to 15 digits once everything else is dropped. */
export const phoneNumberField = () =>
  z
    .string({ error: 'Phone number seems too short' })
    .transform(phoneDigits)
    .pipe(z.string().min(KIOSK_PHONE_MIN_DIGITS, 'Phone number seems too short').max(15, 'Phone number is too long'));

/** The library a call is about. */
export const libraryIdField = () => positiveId('Library ID must be a positive integer');

export const emptyInput = z.object({}).strict().optional();
