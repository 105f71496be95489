import { z } from 'zod';
import { KIOSK_PHONE_MIN_DIGITS, PHONE_MAX_DIGITS } from '../constants';

/** Query strings arrive as text: digits become numbers, anything else is left for the schema to refuse. */
const fromQueryNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

/** 'true' and 'false' as booleans; an empty value (`?available=`, as an HTML form sends an unset field) as not sent. */
const fromQueryBoolean = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value === '' ? undefined : value);

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

/** An optional flag, from the query string or a JSON body: optional as a key, and once read ('' is not sent). */
export const optionalQueryBoolean = () => z.preprocess(fromQueryBoolean, z.boolean().optional()).optional();

/** Phone numbers are kept as digits only, so the kiosk finds a patron however the number was typed. */
export const phoneDigits = (v: string) => v.replace(/\D/g, '');

/** A phone number to register with: 10 to 15 digits once everything else is dropped. */
export const phoneNumberField = () =>
  z
    .string({ error: 'Phone number seems too short' })
    .transform(phoneDigits)
    .pipe(z.string().min(KIOSK_PHONE_MIN_DIGITS, 'Phone number seems too short').max(PHONE_MAX_DIGITS, 'Phone number is too long'));

/** Format characters that show nothing and join nothing: zero-width spaces, word joiners, byte-order marks, soft hyphens, bidi controls. */
const INVISIBLE = /[\u00AD\u034F\u061C\u180E\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;
/** What is blank at either end of a name: spaces, and the letters drawn blank (Hangul fillers, the braille blank, Khmer inherent vowels). */
const BLANK_ENDS = /^[\s\u115F\u1160\u17B4\u17B5\u2800\u3164\uFFA0]+|[\s\u115F\u1160\u17B4\u17B5\u2800\u3164\uFFA0]+$/gu;

/**
 * A name as people read it, for a schema's `.overwrite`: in one Unicode form (NFC), without the characters that
 * show nothing, each run of spaces, tabs, line breaks and other control characters one space, and nothing blank
 * at either end. A name that shows nothing becomes '' (and is refused as empty); two that look the same become the
 * same, so a name that must be unique cannot be taken twice by an invisible difference. Zero-width joiners stay:
 * emoji sequences and some scripts need them.
 */
export const asName = (value: string) =>
  value
    .normalize('NFC')
    .replace(INVISIBLE, '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .replace(BLANK_ENDS, '');

/** The library a call is about. */
export const libraryIdField = () => positiveId('Library ID must be a positive integer');

export const emptyInput = z.object({}).strict().optional();
