import { BOOK_NAME_MAX_LENGTH } from '../../../shared/constants';

/** At most `max` characters as the form's limit counts them (UTF-16 units), not splitting a character in two. */
function cut(text: string, max = BOOK_NAME_MAX_LENGTH) {
  if (text.length <= max) return text;
  return text.slice(0, /[\uD800-\uDBFF]/.test(text[max - 1]) ? max - 1 : max);
}

/** A looked-up title as the form can take it: a longer one is cut to its limit. */
export const prefillTitle = (title: string) => cut(title);

/**
 * Looked-up authors as the form's Author (joined with ', ', SPEC section 3); too many to fit its limit, the
 * names that fit whole, then ' et al.'.
 */
export function prefillAuthors(authors: string[]): string {
  const all = authors.join(', ');
  if (all.length <= BOOK_NAME_MAX_LENGTH) return all;
  for (let count = authors.length - 1; count >= 1; count--) {
    const some = `${authors.slice(0, count).join(', ')} et al.`;
    if (some.length <= BOOK_NAME_MAX_LENGTH) return some;
  }
  // The first name alone is past the limit.
  return cut(authors[0]);
}
