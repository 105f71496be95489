import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type Book, booksResponse } from '../../shared/schemas';
import { outputCheck } from './output-check';
import { serializeOutput, serializeOutputText } from './serialize-output';

afterEach(() => vi.restoreAllMocks());

/**
 * What a check answers, as the wire would carry it (key order, dates, undefined), or that it threw. Both
 * ways of writing it (tRPC's object, the REST facade's text) must say the same.
 */
function outcome(check: () => unknown): string {
  try {
    const answer = check();
    const text = serializeOutputText(answer);
    expect(JSON.stringify(serializeOutput(answer))).toBe(text);
    return text;
  } catch (error) {
    return error instanceof z.ZodError ? `ZodError ${JSON.stringify(error.issues.map((issue) => [issue.code, issue.path]))}` : `threw ${String(error)}`;
  }
}

const loan = z.object({
  id: z.number().int(),
  title: z.string(),
  rentedAt: z.date(),
  tags: z.array(z.string()),
  status: z.enum(['out', 'back']),
  kind: z.literal('loan'),
  note: z.string().nullable().optional(),
  rating: z.number().nullable(),
  late: z.boolean(),
  customer: z.object({ id: z.number().int(), name: z.string() }),
});
const loans = z.array(loan);

const aLoan = () => ({
  id: 7,
  title: 'Middlemarch',
  rentedAt: new Date('2026-11-01T10:00:00Z'),
  tags: ['classic', 'novel'],
  status: 'out' as const,
  kind: 'loan' as const,
  note: 'signed copy',
  rating: 4.5,
  late: false,
  customer: { id: 12, name: 'Ada' },
});

const ODD_VALUES: unknown[] = [
  undefined, null, NaN, Infinity, -Infinity, 2 ** 53, 1.5, -0, 0, '', 'out', 'x', true, new Date(Number.NaN), new Date(0),
  [], ['a'], [1], {}, Object.create(null), { id: 1, name: 'Bo' }, { id: 1, name: 'Bo', extra: 1 }, 'loan', 10n, Symbol('s'),
];

/** Every way of spoiling a loan: each odd value in each field's place, each field left out, and the cases below. */
function spoiled(): [string, unknown][] {
  const cases: [string, unknown][] = [];
  for (const key of Object.keys(aLoan())) {
    ODD_VALUES.forEach((odd, i) => cases.push([`${key} = odd value ${i}`, { ...aLoan(), [key]: odd }]));
    const { [key as keyof ReturnType<typeof aLoan>]: _left, ...without } = aLoan();
    cases.push([`without ${key}`, without]);
  }
  const reversed = Object.fromEntries(Object.entries(aLoan()).reverse());
  const nullPrototype = Object.assign(Object.create(null) as object, aLoan());
  class Loan {
    constructor() {
      Object.assign(this, aLoan());
    }
  }
  const holed = { ...aLoan(), tags: ['a', , 'b'] };
  const tagged = { ...aLoan(), tags: Object.assign(['a'], { secret: 'x' }) };
  const customerWithHash = { ...aLoan(), customer: { id: 12, name: 'Ada', passwordHash: '$argon2id$secret' } };
  cases.push(
    ['keys in another order', reversed],
    ['a null-prototype object', nullPrototype],
    ['a class instance', new Loan()],
    ['an array with a hole', holed],
    ['an array with another key', tagged],
    ['a nested extra key', customerWithHash],
    ['an extra key', { ...aLoan(), passwordHash: '$argon2id$secret' }],
    ['an optional key as undefined', { ...aLoan(), note: undefined }],
    ['an optional key left out', (({ note: _note, ...rest }) => rest)(aLoan())],
  );
  return cases;
}

describe('outputCheck', () => {
  const check = outputCheck(loan);

  it('answers a value that already has the schema’s shape as zod would, without zod, and writes it as superjson would', () => {
    for (const [schema, value] of [
      [loan, aLoan()],
      [loans, [aLoan(), { ...aLoan(), note: null, rating: null }]],
    ] as const) {
      const expected = schema.parse(value);
      const parse = vi.spyOn(schema, 'parse');
      const answer = outputCheck(schema)(value);
      expect(parse).not.toHaveBeenCalled();
      expect(answer).toStrictEqual(expected);
      expect(answer).not.toBe(value);
      expect(serializeOutput(answer)).toStrictEqual(superjson.serialize(expected));
      expect(serializeOutputText(answer)).toBe(JSON.stringify(superjson.serialize(expected)));
    }
  });

  it('writes Dates wherever the schema puts them as superjson does: in arrays, nested, nullable, repeated', () => {
    const at = (day: number) => new Date(Date.UTC(2026, 10, day, 9, 30));
    const shared = at(3);
    const cases: [z.ZodType, unknown][] = [
      [z.array(z.date()), [at(1), at(2), at(3)]],
      [z.array(z.array(z.date())), [[at(1)], [], [at(2), at(3)]]],
      [z.object({ a: z.object({ b: z.array(z.object({ at: z.date().nullable() })) }), c: z.date() }), { a: { b: [{ at: null }, { at: at(1) }] }, c: at(2) }],
      [z.object({ 'a.b': z.date(), 'c\\d': z.date(), 'e\\.f': z.array(z.date()) }), { 'a.b': at(1), 'c\\d': at(2), 'e\\.f': [at(3)] }],
      [z.object({ first: z.date(), again: z.date() }), { first: shared, again: shared }],
      [z.array(z.object({ at: z.date() })), [{ at: shared }, { at: shared }]],
      [z.object({ n: z.number(), list: z.array(z.string()), none: z.array(z.date()) }), { n: 1.5, list: ['a'], none: [] }],
      [z.date(), at(1)],
      [z.object({ old: z.date(), far: z.date() }), { old: new Date(Date.UTC(999, 0, 1)), far: new Date(Date.UTC(10_000, 0, 1)) }],
    ];
    for (const [schema, value] of cases) {
      const expected = schema.parse(value);
      expect(outputCheck(schema)(value)).toStrictEqual(expected);
      expect(outcome(() => outputCheck(schema)(value))).toBe(JSON.stringify(superjson.serialize(expected)));
    }
  });

  it.each(spoiled())('answers exactly what zod’s parse answers, or fails as it does: %s', (_name, value) => {
    expect(outcome(() => check(value))).toBe(outcome(() => loan.parse(value)));
    expect(outcome(() => outputCheck(loans)([aLoan(), value]))).toBe(outcome(() => loans.parse([aLoan(), value])));
  });

  it('never answers a key the schema does not name', () => {
    const answer = check({ ...aLoan(), passwordHash: '$argon2id$secret', customer: { id: 12, name: 'Ada', email: 'ada@scroll.test' } });
    expect(answer).not.toHaveProperty('passwordHash');
    expect((answer as { customer: object }).customer).toEqual({ id: 12, name: 'Ada' });
    const tags = Object.assign(['a'], { secret: 'x' });
    expect(Object.keys(outputCheck(z.array(z.string()))(tags))).toEqual(['0']);
  });

  it('answers the keys in the schema’s order, as zod’s copy has them', () => {
    const pair = outputCheck(z.object({ first: z.string(), second: z.string() }));
    expect(Object.keys(pair({ second: 'b', first: 'a' }))).toEqual(['first', 'second']);
  });

  it('refuses keys lent by a polluted Object.prototype, as zod copies none of them', () => {
    const value = aLoan();
    let answer: object;
    Object.defineProperty(Object.prototype, 'polluted', { value: 'yes', enumerable: true, configurable: true, writable: true });
    try {
      answer = check(value);
    } finally {
      delete (Object.prototype as { polluted?: string }).polluted;
    }
    expect(answer).not.toBe(value);
    expect(Object.keys(answer)).toEqual(Object.keys(aLoan()));
  });

  it('writes -0 as superjson does where a literal or an enum takes 0', () => {
    const cases: [z.ZodType, unknown][] = [
      [z.object({ a: z.literal(0) }), { a: -0 }],
      [z.array(z.enum({ zero: 0, one: 1 })), [-0, 1]],
    ];
    for (const [schema, value] of cases) {
      expect(outcome(() => outputCheck(schema)(value))).toBe(outcome(() => schema.parse(value)));
      expect(outcome(() => outputCheck(schema)(value))).toContain('["number"]');
    }
  });

  it('checks empty shapes, symbol keys and recursive schemas as zod does', () => {
    const empty = z.object({ a: z.string(), meta: z.object({}) });
    expect(outcome(() => outputCheck(empty)({ a: 'x', meta: { extra: 1 } }))).toBe('{"json":{"a":"x","meta":{}}}');

    const key = Symbol('key');
    const symbolic = z.object({ a: z.string(), [key]: z.string() });
    for (const value of [{ a: 'x' }, { a: 'x', [key]: 1 }]) expect(outcome(() => outputCheck(symbolic)(value))).toBe(outcome(() => symbolic.parse(value)));
    expect(outputCheck(symbolic)({ a: 'x', [key]: 'y' })).toStrictEqual(symbolic.parse({ a: 'x', [key]: 'y' }));

    const category: z.ZodType = z.object({
      name: z.string(),
      get children() {
        return z.array(category);
      },
    });
    const tree = { name: 'Fiction', children: [{ name: 'Crime', children: [] }] };
    expect(outcome(() => outputCheck(category)(tree))).toBe(JSON.stringify(superjson.serialize(category.parse(tree))));
    expect(outcome(() => outputCheck(category)({ name: 'Fiction', children: [{ name: 1, children: [] }] }))).toMatch(/^ZodError/);
  });

  it('lets zod check what it cannot (refinements, size checks, unions, transforms)', () => {
    const refined = outputCheck(z.object({ n: z.number().refine((n) => n > 0, 'positive') }));
    expect(() => refined({ n: -1 })).toThrow('positive');
    expect(() => outputCheck(z.array(z.string()).max(1))(['a', 'b'])).toThrow(z.ZodError);
    expect(() => outputCheck(z.union([z.string(), z.number()]))(true)).toThrow(z.ZodError);
    expect(outputCheck(z.string().transform((s) => s.length))('four')).toBe(4);
    expect(outputCheck(z.number().min(1))(1)).toBe(1);
    expect(() => outputCheck(z.number().min(1))(0)).toThrow(z.ZodError);
  });

  it('answers a page of books as the book list builds it without zod, as zod and superjson would', () => {
    const book: Book = {
      id: 1, title: 'Emma', author: 'Jane Austen', isbn: '9780141439587', available: true, quantity: 2, availableCount: 1,
      thumbnailUrl: null, fullImageUrl: null, acquisitionDate: null, libraryId: 1, createdAt: new Date(), updatedAt: new Date(),
      averageRating: 4, ratingsCount: 3, categories: ['Fiction'], description: null, publisher: 'Penguin', publishedDate: '2003',
      pageCount: 474, language: 'en', format: null, edition: null, subtitle: null, infoLink: null, maturityRating: null,
      previewLink: null, printType: 'BOOK',
    };
    const page = [book, { ...book, id: 2, acquisitionDate: new Date(), createdAt: new Date(1), updatedAt: new Date(2) }];
    const expected = booksResponse.parse(page);
    const parse = vi.spyOn(booksResponse, 'parse');
    const answer = outputCheck(booksResponse)(page);
    expect(parse).not.toHaveBeenCalled();
    expect(answer).toStrictEqual(expected);
    expect(serializeOutputText(answer)).toBe(JSON.stringify(superjson.serialize(expected)));
  });
});
