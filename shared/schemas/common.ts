import { z } from 'zod';
import { asciiDigits } from '../digits';
import { KIOSK_PHONE_MIN_DIGITS, PHONE_MAX_DIGITS, SEARCH_MAX_LENGTH } from '../constants';

/** Query strings arrive as text: digits become numbers, anything else is left for the schema to refuse. */
export const fromQueryNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

/** 'true' and 'false' as booleans; an empty value (`?available=`, as an HTML form sends an unset field) as not sent. */
const fromQueryBoolean = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value === '' ? undefined : value);

/**
 * A field's message for when it is missing (absent or null). A value of another type gets zod's own
 * message, which the server words as 'The field {name} is not valid.' (http/error-response.ts): a rating
 * sent as "3" is not a missing rating.
 */
export const missing = (message: string) => ({ error: (issue: { input?: unknown }) => (issue.input == null ? message : undefined) });

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

/**
 * A list's search text (its search boxes hold no more either), in composed form (NFC): an accent typed
 * as a letter and a combining mark is one character, as the search's three-character windows count them.
 */
export const searchField = z.string().trim().normalize('NFC').max(SEARCH_MAX_LENGTH, 'Search text is too long').optional();

/** An optional flag, from the query string or a JSON body: optional as a key, and once read ('' is not sent). */
export const optionalQueryBoolean = () => z.preprocess(fromQueryBoolean, z.boolean().optional()).optional();

/**
 * Phone numbers are kept as ASCII digits only, so the kiosk finds a patron however the number was typed:
 * spaces, dashes and the like dropped, and digits of another script (Arabic-Indic, Devanagari, full-width) read.
 */
export const phoneDigits = (v: string) => asciiDigits(v).replace(/\D/g, '');

/** 10 to 15 digits: a phone number the kiosk's keypad can take. */
const phoneNumberDigits = () =>
  z.string().min(KIOSK_PHONE_MIN_DIGITS, 'Phone number seems too short').max(PHONE_MAX_DIGITS, 'Phone number is too long');

/** A phone number to register with: 10 to 15 digits once everything else is dropped. */
export const phoneNumberField = () => z.string({ error: 'Phone number seems too short' }).transform(phoneDigits).pipe(phoneNumberDigits());

/**
 * A phone number a profile may hold or drop: blank (or null) clears it; anything else is checked as at
 * registration, so that 'n/a' typed by mistake is refused rather than taken for no number.
 */
export const clearablePhoneNumberField = () =>
  z
    .string({ error: 'Phone number seems too short' })
    .transform((value) => (value.trim() ? phoneDigits(value) : null))
    .pipe(phoneNumberDigits().nullable())
    .nullable();

/**
 * Format characters (which show nothing) and the combining grapheme joiner, but for the format characters drawn
 * as a sign (the Arabic number signs, Kaithi's), the joiners, the Mongolian vowel separator and the tags, which
 * the rules below keep where they do something.
 */
const INVISIBLE = /(?![\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}\u180E\u200C\u200D\u{E0020}-\u{E007F}])[\p{Cf}\u034F]/gu;
/** Mongolian's variation selectors and vowel separator do something only after a Mongolian letter. */
const IDLE_MONGOLIAN = /(?<![\u1820-\u1878\u1880-\u18AA])[\u180B-\u180F]/gu;
/**
 * A variation selector selects only after a pictograph (an emoji) or a Han ideograph, and only the first;
 * after a digit, # or *, only as part of a keycap (followed by U+20E3).
 */
const IDLE_SELECTOR = /(?<![\p{Extended_Pictographic}\p{Script=Han}])[\uFE00-\uFE0F\u{E0100}-\u{E01EF}](?!\u20E3)/gu;
/** Tags spell a flag after the black flag, closed by the cancel tag (🏴 + gbeng + cancel reads as England's); anywhere else they show nothing. */
const TAGS = /(\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F})|[\u{E0020}-\u{E007F}]/gu;
/**
 * A zero-width (non-)joiner joins only after an emoji (or its modifier or selector) or a letter or mark of a
 * script whose letters join or form conjuncts: Arabic (Persian's and Kurdish's non-joiner), Syriac, N'Ko,
 * Mongolian, and the scripts of South and Southeast Asia.
 */
const IDLE_JOINER =
  /(?<![\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}\p{scx=Khmer}\p{scx=Myanmar}\p{scx=Tibetan}\p{scx=Balinese}\p{scx=Javanese}])[\u200C\u200D]/gu;
/** What is blank at either end of a name: spaces, and the letters drawn blank (Hangul fillers, the braille blank, Khmer inherent vowels). */
const BLANK = /[\s\u115F\u1160\u17B4\u17B5\u2800\u3164\uFFA0]/u;

/**
 * Without what is blank at either end, by a walk from each end: a regular expression anchored at the end
 * tries each run of blanks from every place in it, and a name of blanks as long as a request body may be
 * held the server for seconds. (Every blank is one UTF-16 unit.)
 */
function trimBlankEnds(text: string) {
  let start = 0;
  let end = text.length;
  while (start < end && BLANK.test(text[start]!)) start++;
  while (end > start && BLANK.test(text[end - 1]!)) end--;
  return text.slice(start, end);
}

/**
 * A name as people read it, for a schema's `.overwrite`: without the characters that show nothing, each run of
 * spaces, tabs, line breaks and other control characters one space, nothing blank at either end, and in one
 * Unicode form (NFC, last, so that an accent kept apart from its letter by a character now gone joins it). A name
 * that shows nothing becomes '' (and is refused as empty); two that look the same become the same, so a name that
 * must be unique cannot be taken twice by an invisible difference. Joiners, variation selectors and tags stay
 * where they do something: in emoji sequences, keycaps and flags, and in the scripts that need them.
 */
export const asName = (value: string) =>
  trimBlankEnds(
    value
      .replace(INVISIBLE, '')
      .replace(IDLE_MONGOLIAN, '')
      .replace(IDLE_SELECTOR, '')
      .replace(TAGS, (_tag, flag?: string) => flag ?? '')
      .replace(IDLE_JOINER, '')
      .replace(/[\s\p{Cc}]+/gu, ' '),
  ).normalize('NFC');

/** The library a call is about. */
export const libraryIdField = () => positiveId('Library ID must be a positive integer');

export const emptyInput = z.object({}).strict().optional();

/** An email address, kept trimmed and lower-cased (accounts are found by it); one message for every way it is wrong. */
export const emailField = (message: string) => z.string({ error: message }).trim().toLowerCase().pipe(z.email({ error: message }).max(254, message));
