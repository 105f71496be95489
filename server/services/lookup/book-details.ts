import type { BookLookupResult } from '../../../shared/schemas';

/** What one provider knows about a book; anything it lacks is left out. */
export interface BookDetails {
  title?: string;
  authors?: string[];
  publishedDate?: string;
  description?: string;
  thumbnailUrl?: string | null;
  fullImageUrl?: string | null;
}

/** Both forms of one valid ISBN; only 978-prefixed ISBN-13s have an ISBN-10. */
export interface IsbnForms {
  isbn13: string;
  isbn10: string | null;
}

const present = (text: string | undefined) => text?.trim() || undefined;

/** "Title: Subtitle", as a catalogue records it. */
export function fullTitle(title: string | undefined, subtitle: string | undefined) {
  const main = present(title);
  const sub = present(subtitle);
  return main && sub ? `${main}: ${sub}` : main;
}

/** The lookup result of SPEC section 3, with its defaults for missing fields. */
export function toLookupResult(isbn: string, details: BookDetails): BookLookupResult {
  const authors = (details.authors ?? []).map((a) => a.trim()).filter(Boolean);
  const thumbnailUrl = details.thumbnailUrl ?? null;
  return {
    isbn,
    title: present(details.title) ?? 'Unknown Title',
    authors: authors.length ? authors : ['Unknown Author'],
    ...(present(details.publishedDate) ? { publishedDate: present(details.publishedDate) } : {}),
    ...(present(details.description) ? { description: present(details.description) } : {}),
    coverUrl: thumbnailUrl,
    thumbnailUrl,
    fullImageUrl: details.fullImageUrl ?? thumbnailUrl,
  };
}
