import { z } from 'zod';
import { fromQueryNumber, libraryIdField, pageFields } from './common';

/** The periods staff can look back over, in days (the last N days, today included). */
export const INSIGHT_PERIODS = [7, 30, 90, 365] as const;
export type InsightPeriod = (typeof INSIGHT_PERIODS)[number];

const PERIOD_MESSAGE = 'Period must be 7, 30, 90 or 365 days';

/** Canonical names by the lower-cased name asked for. */
const canonicalNames = new Map<string, string>();

/**
 * The runtime's canonical name for a time zone ('AET' -> 'Australia/Sydney', 'IST' -> 'Asia/Calcutta'),
 * or undefined for a name it does not know. PostgreSQL knows every canonical name, but not every alias
 * the runtime accepts, and it reads some abbreviations as other zones (IST is Israel there), so only
 * the canonical name reaches it. Remembered: building a formatter costs every request. The runtime reads
 * a name in any case, so the memo is keyed by the name lower-cased: keyed as sent, the thousands of ways
 * to case one name would each take a place, and a caller could fill the memory with them.
 */
export function canonicalTimeZone(name: string): string | undefined {
  const key = name.toLowerCase();
  let canonical = canonicalNames.get(key);
  if (canonical) return canonical;
  try {
    canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  canonicalNames.set(key, canonical);
  return canonical;
}

/** How many names the memo holds (for its test). */
export const rememberedTimeZones = () => canonicalNames.size;

/** An IANA time zone name the runtime knows ('Europe/Paris', 'UTC'). */
const isTimeZone = (name: string) => canonicalTimeZone(name) !== undefined;

const libraryId = libraryIdField();

export const insightsLibraryQuery = z.strictObject({ libraryId });

/** Days are counted in the caller's time zone, so 'today' is the librarian's today. */
export const insightsQuery = z.strictObject({
  libraryId,
  days: z.preprocess(fromQueryNumber, z.literal(INSIGHT_PERIODS, { error: PERIOD_MESSAGE })),
  timeZone: z
    .string()
    .max(64, 'Unknown time zone')
    .refine(isTimeZone, 'Unknown time zone')
    .transform((name) => canonicalTimeZone(name)!)
    .optional(),
});

export const insightsSummary = z.object({
  rentals: z.number().int(),
  returns: z.number().int(),
  activeMembers: z.number().int(),
  newMembers: z.number().int(),
  currentRentals: z.number().int(),
});
export type InsightsSummary = z.infer<typeof insightsSummary>;

export const popularBooksResponse = z.object({
  books: z.array(z.object({ bookId: z.number().int(), title: z.string(), author: z.string(), rentals: z.number().int() })),
});
export type PopularBook = z.infer<typeof popularBooksResponse>['books'][number];

/**
 * Every day of the period in order, from `firstDay`: `rentals[i]` and `returns[i]` count day i
 * (firstDay plus i days; see `periodDay`). Two arrays, not a row per day: a year is 2 KB, not 17.
 */
export const rentalsPerDayResponse = z.object({
  firstDay: z.string(),
  rentals: z.array(z.number().int()),
  returns: z.array(z.number().int()),
});
export type RentalsPerDay = z.infer<typeof rentalsPerDayResponse>;

/** The calendar date `offset` days after `firstDay` ('YYYY-MM-DD' both). */
export function periodDay(firstDay: string, offset: number): string {
  const [year, month, day] = firstDay.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + offset)).toISOString().slice(0, 10);
}

/** `weekStart` is a calendar date, 'YYYY-MM-DD', in the caller's time zone. */
export const membersPerWeekResponse = z.object({
  weeks: z.array(z.object({ weekStart: z.string(), activeMembers: z.number().int(), newMembers: z.number().int() })),
});
export type MembersWeek = z.infer<typeof membersPerWeekResponse>['weeks'][number];

export const collectionInsights = z.object({
  books: z.number().int(),
  copies: z.number().int(),
  /** Over every rating of every book in the collection; null before the first rating. */
  averageRating: z.number().nullable(),
  ratingsCount: z.number().int(),
  neverRented: z.object({ count: z.number().int(), titles: z.array(z.string()) }),
});
export type CollectionInsights = z.infer<typeof collectionInsights>;

/**
 * The whole never-rented list, a page at a time in title order (the collection names only the first
 * few). A page of 25 grows the card by about a screen; the server applies it when no limit is given.
 */
export const NEVER_RENTED_PAGE_DEFAULT = 25;
const NEVER_RENTED_PAGE_MAX = 200;

export const neverRentedQuery = z.strictObject({ libraryId, ...pageFields(NEVER_RENTED_PAGE_MAX) });

export const neverRentedResponse = z.array(
  z.object({
    bookId: z.number().int(),
    title: z.string(),
    author: z.string(),
    isbn: z.string(),
    quantity: z.number().int(),
    createdAt: z.date(),
  }),
);
export type NeverRentedBook = z.infer<typeof neverRentedResponse>[number];

export const LONG_RENTAL_DAYS = 30;

const longRental = z.object({
  rentalId: z.number().int(),
  bookTitle: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  rentedAt: z.date(),
  daysOut: z.number().int(),
});
export type LongRental = z.infer<typeof longRental>;

/** The longest out, and how many are out longer than LONG_RENTAL_DAYS in all. */
export const longRentalsResponse = z.object({ total: z.number().int(), rentals: z.array(longRental) });

/** Every copy out too long, a page at a time, longest out first; the server applies the default when no limit is given. */
export const LONG_RENTALS_PAGE_DEFAULT = 50;
const LONG_RENTALS_PAGE_MAX = 200;
export const longRentalsPageQuery = z.strictObject({ libraryId, ...pageFields(LONG_RENTALS_PAGE_MAX) });
export const longRentalsPageResponse = z.array(longRental);

export const insightsExport = z.object({ filename: z.string(), csv: z.string() });
