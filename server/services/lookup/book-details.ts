import type { BookLookupResult } from '../../../shared/schemas';

/** What one provider knows about a book; anything it lacks is left out. */
export interface BookDetails {
  title?: string;
  authors?: string[];
  publishedDate?: string;
  description?: string;
  thumbnailUrl?: string | null;
  fullImageUrl?: string | null;
  /** The cover addresses are a guess by ISBN, which may be no image at all (Open Library's when its record has none). */
  coverGuessed?: boolean;
}

/** Both forms of one valid ISBN; only 978-prefixed ISBN-13s have an ISBN-10. */
export interface IsbnForms {
  isbn13: string;
  isbn10: string | null;
}

/**
 * Control characters (a provider's data can hold them) are dropped, tab and line break aside:
 * PostgreSQL refuses a NUL in the cached JSON, and none belongs in a title or a URL.
 */
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const clean = (text: string) => text.replace(CONTROL, '');
const present = (text: string | undefined) => (text === undefined ? undefined : clean(text).trim() || undefined);
const url = (text: string | null | undefined) => (text ? clean(text) || null : null);

/** "Title: Subtitle", as a catalogue records it. */
export function fullTitle(title: string | undefined, subtitle: string | undefined) {
  const main = present(title);
  const sub = present(subtitle);
  return main && sub ? `${main}: ${sub}` : main;
}

/** The lookup result of SPEC section 3, with its defaults for missing fields. */
export function toLookupResult(isbn: string, details: BookDetails): BookLookupResult {
  const authors = (details.authors ?? []).map(present).filter((author) => author !== undefined);
  const thumbnailUrl = url(details.thumbnailUrl);
  return {
    isbn,
    title: present(details.title) ?? 'Unknown Title',
    authors: authors.length ? authors : ['Unknown Author'],
    ...(present(details.publishedDate) ? { publishedDate: present(details.publishedDate) } : {}),
    ...(present(details.description) ? { description: present(details.description) } : {}),
    coverUrl: thumbnailUrl,
    thumbnailUrl,
    fullImageUrl: url(details.fullImageUrl) ?? thumbnailUrl,
  };
}

const hasAuthor = (details: BookDetails) => (details.authors ?? []).some((author) => present(author) !== undefined);
const hasKnownCover = (details: BookDetails) => !details.coverGuessed && !!(url(details.thumbnailUrl) || url(details.fullImageUrl));

/** Whether an answer names the book (a title and an author): the add-book form needs both. */
export const namesTheBook = (details: BookDetails) => present(details.title) !== undefined && hasAuthor(details);

/**
 * One answer, with what it lacks taken from another about the same ISBN: a provider's from the next provider's,
 * and a library's copy (whose title and author, always recorded, win) from a provider's cached answer. The
 * cover comes as a pair, from the first that knows one: a guessed cover gives way to the other's known one.
 */
export function filledInFrom(first: BookDetails, next: BookDetails): BookDetails {
  const cover = hasKnownCover(first) || !hasKnownCover(next) ? first : next;
  return {
    title: present(first.title) ?? next.title,
    authors: hasAuthor(first) ? first.authors : next.authors,
    publishedDate: present(first.publishedDate) ?? next.publishedDate,
    description: present(first.description) ?? next.description,
    thumbnailUrl: cover.thumbnailUrl,
    fullImageUrl: cover.fullImageUrl,
  };
}
