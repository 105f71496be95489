import { beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_REVIEWED } from '../services/reviews';
import { newBook, newLibrary, signedIn, snapshot } from '../test/factories';
import { Client, createTestApp, type TestApp } from '../test/harness';

let t: TestApp;
let libraryId: number;
beforeAll(async () => {
  t = await createTestApp();
  libraryId = (await newLibrary(t)).id;
});

const postReview = (client: Client, input: unknown) => client.rest('POST', '/_api/book/reviews', input, { superjson: true });
const reviewsOf = (client: Client, bookId: number) => client.rest('GET', `/_api/book/reviews?bookId=${bookId}`, undefined, { superjson: true });

describe('reviews', () => {
  it('anyone reads the reviews of a book, newest first; signed-in users post them', async () => {
    const book = await newBook(t, { libraryId });
    const { client: ada, user } = await signedIn(t, { displayName: 'Ada' });
    const posted = await postReview(ada, { bookId: book.id, rating: 5, reviewText: '  Loved it.  ' });
    expect(posted.status).toBe(200);
    expect(posted.body.review).toMatchObject({ bookId: book.id, rating: 5, reviewText: 'Loved it.', user: { id: user.id, displayName: 'Ada', avatarUrl: null } });
    expect(posted.body.review.createdAt).toBeInstanceOf(Date);
    const { client: bob } = await signedIn(t, { displayName: 'Bob' });
    await postReview(bob, { bookId: book.id, rating: 2, reviewText: '' });

    const read = await reviewsOf(new Client(t), book.id);
    expect(read.status).toBe(200);
    expect(read.body.reviews.map((r: { user: { displayName: string }; reviewText: string | null }) => [r.user.displayName, r.reviewText])).toEqual([
      ['Bob', null],
      ['Ada', 'Loved it.'],
    ]);
    const [totals] = await t.sql(`select ratings_count, ratings_sum from books where id = ?`, [book.id]);
    expect(totals).toEqual({ ratings_count: 2, ratings_sum: 7 });
  });

  it('one review per user per book: a second one, even at the same moment, is refused and changes nothing', async () => {
    const book = await newBook(t, { libraryId });
    const { client } = await signedIn(t);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => postReview(client, { bookId: book.id, rating: 1 + (i % 5) })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(ALREADY_REVIEWED);
    }
    const before = await snapshot(t);
    const again = await postReview(client, { bookId: book.id, rating: 3 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(ALREADY_REVIEWED);
    expect(await snapshot(t)).toEqual(before);
    const [totals] = await t.sql(`select ratings_count from books where id = ?`, [book.id]);
    expect(totals.ratings_count).toBe(1);
  });

  it("a book's reviews are its own: another book's never show among them", async () => {
    const dune = await newBook(t, { libraryId });
    const emma = await newBook(t, { libraryId });
    const { client } = await signedIn(t, { displayName: 'Cleo' });
    expect((await postReview(client, { bookId: dune.id, rating: 5, reviewText: 'About Dune.' })).status).toBe(200);
    expect((await postReview(client, { bookId: emma.id, rating: 3, reviewText: 'About Emma.' })).status).toBe(200);

    const texts = async (bookId: number) => (await reviewsOf(new Client(t), bookId)).body.reviews.map((r: { reviewText: string | null }) => r.reviewText);
    expect(await texts(dune.id)).toEqual(['About Dune.']);
    expect(await texts(emma.id)).toEqual(['About Emma.']);
    expect(await texts((await newBook(t, { libraryId })).id)).toEqual([]);
  });

  it('answers 404 for a book that does not exist', async () => {
    const { client } = await signedIn(t);
    expect((await reviewsOf(client, 999_999)).status).toBe(404);
    const before = await snapshot(t);
    const res = await postReview(client, { bookId: 999_999, rating: 4 });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Book not found.');
    expect(await snapshot(t)).toEqual(before);
  });
});
