import { describe, expect, it } from 'vitest';
import { addBookInput } from '../../../shared/schemas';
import { formValuesFor } from './AddBookForm';

const lookedUp = (title: string, authors: string[]) => ({ isbn: '9780306406157', title, authors, coverUrl: null, thumbnailUrl: null, fullImageUrl: null });
/** What the form would say of its own prefill when sent as it is. */
const refusal = (values: ReturnType<typeof formValuesFor>) =>
  addBookInput.safeParse({ libraryId: 1, isbn: values.isbn, title: values.title, author: values.author }).error?.issues[0]?.message;

describe("the add-book form's prefill", () => {
  it('keeps a title and authors that fit as they are, authors joined with commas', () => {
    const values = formValuesFor('9780306406157', lookedUp('Signal Theory', ['L. E. Franks', 'A. N. Other']));
    expect(values).toMatchObject({ title: 'Signal Theory', author: 'L. E. Franks, A. N. Other' });
  });

  it('fits what it prefills within the limits the form checks: a long title cut, forty authors cut at a whole name', () => {
    const authors = Array.from({ length: 40 }, (_, i) => `Contributor Number ${i + 1}`);
    const values = formValuesFor('9780306406157', lookedUp('A'.repeat(540), authors));
    expect(refusal(values)).toBeUndefined();
    expect(values.title).toBe('A'.repeat(500));
    expect(values.author).toMatch(/^Contributor Number 1, Contributor Number 2, .*Contributor Number \d+ et al\.$/);
    expect(values.author.length).toBeLessThanOrEqual(500);
    // As many whole names as fit: one more would not.
    const shown = values.author.split(', ').length;
    expect(`${authors.slice(0, shown + 1).join(', ')} et al.`.length).toBeGreaterThan(500);
  });

  it('cuts a single name past the limit, and never splits a character in two', () => {
    const values = formValuesFor('9780306406157', lookedUp(`${'B'.repeat(499)}😀`, ['C'.repeat(600)]));
    expect(values.title).toBe('B'.repeat(499));
    expect(values.author).toBe('C'.repeat(500));
    expect(refusal(values)).toBeUndefined();
  });
});
