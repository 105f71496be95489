import type { EntityManager } from '@mikro-orm/postgresql';
import { isbn13To10, isbnKey, isValidIsbn, normalizeIsbn } from '../../../shared/isbn';
import type { BookLookupResult } from '../../../shared/schemas';
import type { Config } from '../../config';
import { serviceUnavailable } from '../../errors';
import { type BookDetails, filledInFrom, type IsbnForms, namesTheBook, toLookupResult } from './book-details';
import { cacheLookup, readCachedLookup } from './cache';
import { ProviderUnavailable } from './fetch-json';
import { findInGoogleBooks } from './google-books';
import { findInCatalogue } from './local-catalogue';
import { findInOpenLibrary } from './open-library';

/** Asked in this order; the first that knows the book answers, the next filling in a title or author it lacks. */
const remoteProviders: { source: string; find: (config: Config, forms: IsbnForms) => Promise<BookDetails | null> }[] = [
  { source: 'openlibrary', find: findInOpenLibrary },
  { source: 'googlebooks', find: findInGoogleBooks },
];

/** Said when no provider knew the book and one of them did not answer: it may yet know it. */
const PROVIDERS_UNAVAILABLE_MESSAGE = 'The book details services are not answering right now. Try again in a moment.';

interface LookupLog {
  warn(details: object, message: string): void;
}

/** Who looks the book up, and for which library (the one a scan is for, when there is one). */
interface LookupCaller {
  userId: number;
  libraryId?: number;
}

/**
 * The book behind an ISBN, as `caller` looks it up, or null when every provider said it does not know it (a
 * provider that did not answer makes the lookup fail instead: "not found" would be a guess). The catalogue (the library the scan is for, and
 * those the caller staffs) is read live: it is our own data, and a library's edits should show at once. The
 * remote providers' answers are cached in isbn_lookups. `rawIsbn` has 10 or 13 digits (lookupInput's rule).
 */
export async function lookupBook(em: EntityManager, config: Config, rawIsbn: string, caller: LookupCaller, log?: LookupLog): Promise<BookLookupResult | null> {
  const isbn = normalizeIsbn(rawIsbn);
  const isbn13 = isbnKey(isbn);

  const local = await findInCatalogue(em, isbn13, caller.userId, caller.libraryId);
  if (local) {
    // No provider is asked, but what one said about this ISBN fills in what the copy lacks.
    const known = (await readCachedLookup(em, isbn13, { stale: true }))?.book;
    return toLookupResult(isbn, known ? filledInFrom(local, known) : local);
  }
  // A wrong check digit names no published book; only a library's own record can hold it.
  if (!isValidIsbn(isbn)) return null;

  const cached = await readCachedLookup(em, isbn13);
  if (cached) return cached.book && { ...cached.book, isbn };

  const { found, someoneUnavailable } = await askProviders(config, isbn13, log);
  if (found) {
    const book = toLookupResult(isbn, found.details);
    // A gap a provider that did not answer might have filled is not remembered.
    if (namesTheBook(found.details) || !someoneUnavailable) await cacheLookup(em, isbn13, book, found.source);
    return book;
  }
  // "Not found" is only said, and remembered, when every provider actually answered.
  if (someoneUnavailable) throw serviceUnavailable(PROVIDERS_UNAVAILABLE_MESSAGE);
  await cacheLookup(em, isbn13, null, null);
  return null;
}

/**
 * What the providers know of a valid ISBN: the first answer, asked of the next provider only while it lacks a
 * title or an author (a sparse Open Library record would otherwise prefill 'Unknown Author').
 */
async function askProviders(config: Config, isbn13: string, log?: LookupLog) {
  // Typed apart from its first value: TypeScript would take found as null throughout the loop.
  let found = null as { details: BookDetails; source: string } | null;
  let someoneUnavailable = false;
  for (const provider of remoteProviders) {
    try {
      const details = await provider.find(config, { isbn13, isbn10: isbn13To10(isbn13) });
      if (details) found = found ? { ...found, details: filledInFrom(found.details, details) } : { details, source: provider.source };
      if (found && namesTheBook(found.details)) break;
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      someoneUnavailable = true;
      log?.warn({ provider: provider.source, isbn: isbn13, reason: error.message }, 'book lookup provider unavailable');
    }
  }
  return { found, someoneUnavailable };
}
