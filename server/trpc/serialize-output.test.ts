import fc from 'fast-check';
import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serializeOutput } from './serialize-output';

/** Keys superjson has to escape or order specially, beside arbitrary text. */
const key = fc
  .oneof(
    fc.constantFrom('a', 'a.b', '.', '..', 'a\\b', '\\', '\\.', 'a\\.b', '', ' ', '0', '1', '10', '01', '-1', '4294967295', 'x.0', 'é.🙂'),
    fc.string({ maxLength: 8 }),
    fc.string({ unit: 'binary', maxLength: 8 }),
  )
  .filter((k) => k !== '__proto__' && k !== 'constructor' && k !== 'prototype');

const leaf = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: false }),
);

/** Trees of exactly the types our output schemas produce; every object and Date is a fresh one. */
const { tree } = fc.letrec<{ tree: unknown }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('tree'), { maxLength: 5 }),
    // Some with a null prototype, which superjson treats as plain.
    fc.dictionary(key, tie('tree'), { maxKeys: 6 }),
  ),
}));

function expectSameAsSuperjson(value: unknown) {
  const ours = serializeOutput(value);
  const theirs = superjson.serialize(value as never);
  expect(ours).toStrictEqual(theirs);
  expect(JSON.stringify(ours)).toBe(JSON.stringify(theirs));
}

afterEach(() => vi.restoreAllMocks());

describe('serializeOutput', () => {
  it('builds exactly what superjson.serialize builds, key order included, without calling it', () => {
    fc.assert(
      fc.property(tree, (value) => {
        const fallback = vi.spyOn(superjson, 'serialize');
        serializeOutput(value);
        expect(fallback).not.toHaveBeenCalled();
        fallback.mockRestore();
        expectSameAsSuperjson(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads back as the value it was given', () => {
    fc.assert(
      fc.property(tree, (value) => {
        expect(superjson.deserialize(serializeOutput(value))).toEqual(value);
        // And over the wire (an invalid Date is written as null by JSON, as with superjson).
        const wire = JSON.parse(JSON.stringify(serializeOutput(value)));
        expect(superjson.deserialize(wire)).toEqual(superjson.deserialize(JSON.parse(superjson.stringify(value as never))));
      }),
      { numRuns: 500 },
    );
  });

  it('answers a list of books as superjson does', () => {
    const books = Array.from({ length: 3 }, (_, i) => ({
      id: `b${i}`,
      title: 'Dune',
      subtitle: null,
      pages: 412,
      rentable: true,
      createdAt: new Date(Date.UTC(2024, 0, i + 1)),
      returnedAt: i === 1 ? new Date(NaN) : undefined,
      tags: ['sf', undefined],
      'series.name': { 'vol.1': new Date(0) },
    }));
    expectSameAsSuperjson({ books, nextCursor: null });
    expect(serializeOutput({ books: [] })).toStrictEqual({ json: { books: [] } });
  });

  it('names the same paths on every call, whichever shape named a place first', () => {
    // Paths are kept between calls (PathNode): an array's index and a record's key name the same place.
    const shapes = [
      [{ at: new Date(1), 'a.b': { 'c\\d': new Date(2) } }],
      { 0: { at: new Date(3), 'a.b': { 'c\\d': undefined } } },
      [{ at: undefined, 'a.b': { 'c\\d': new Date(4) } }, { at: new Date(5) }],
    ];
    for (let round = 0; round < 2; round++) for (const value of shapes) expectSameAsSuperjson(value);
  });

  it('handles a top-level Date, undefined, null and primitives as superjson does', () => {
    for (const value of [new Date(0), new Date(NaN), undefined, null, 'text', 0, 12.5, true, false, [], {}]) {
      expectSameAsSuperjson(value);
    }
    expect(serializeOutput(new Date(0))).toStrictEqual({ json: '1970-01-01T00:00:00.000Z', meta: { values: ['Date'], v: 1 } });
    expect(serializeOutput(undefined)).toStrictEqual({ json: null, meta: { values: ['undefined'], v: 1 } });
  });

  it('orders nested annotations as superjson does when index keys sit beside deeper paths', () => {
    // superjson orders each container's annotations by itself: the index key '1' comes before '0.x'.
    expectSameAsSuperjson({ k: [{ x: new Date(0) }, new Date(1)], 2: new Date(2), a: { 3: undefined, b: { c: undefined } } });
    expectSameAsSuperjson({ 1: { x: new Date(0) }, 2: new Date(2), b: undefined, 4294967295: new Date(3), '01': undefined });
    expectSameAsSuperjson([[undefined, { a: [new Date(0), { b: undefined }, undefined] }, undefined], new Date(1), [{ c: new Date(2) }], undefined]);
  });

  it('writes dates as toISOString does, at the edges of the calendar', () => {
    const times = [0, -1, 1, 5, 50, 999, Date.UTC(999, 11, 31, 23, 59, 59, 999), Date.UTC(1000, 0, 1), Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(10000, 0, 1)];
    for (const time of [...times, -62198755200000, 8.64e15, -8.64e15]) expectSameAsSuperjson({ at: new Date(time) });
  });

  class Book {
    title = 'Dune';
  }
  const shared = { id: 1 };
  const sharedDate = new Date(0);
  const cycle: Record<string, unknown> = { name: 'loop' };
  cycle.self = cycle;
  const sparse = [1, , 3]; // eslint-disable-line no-sparse-arrays
  const extraProperty = Object.assign([new Date(0)], { note: new Date(1) });
  class Shelf extends Array<unknown> {}
  class Day extends Date {}

  const unsupported: Record<string, unknown> = {
    Map: new Map([['a', 1]]),
    Set: new Set([1]),
    BigInt: 10n,
    RegExp: /a+/g,
    Error: new Error('boom'),
    'class instance': new Book(),
    NaN: Number.NaN,
    Infinity: Number.POSITIVE_INFINITY,
    '-Infinity': Number.NEGATIVE_INFINITY,
    '-0': -0,
    symbol: Symbol('s'),
    function: () => 1,
    'typed array': new Uint8Array([1, 2]),
    URL: new URL('https://example.com/a'),
    'boxed string': new String('s'),
    'repeated object': [shared, { again: shared }],
    'repeated Date': { from: sharedDate, to: sharedDate },
    cycle,
    'sparse array': sparse,
    'array with an extra property': extraProperty,
    'Array subclass': Shelf.from([1]),
    'Date subclass': new Day(0),
  };

  for (const [name, value] of Object.entries(unsupported)) {
    it(`hands a value holding a ${name} to superjson, at the top and deep in a tree`, () => {
      const deep = { books: [{ id: 1, at: new Date(0) }, { id: 2, extra: { value } }] };
      for (const input of [value, deep]) {
        const fallback = vi.spyOn(superjson, 'serialize');
        serializeOutput(input);
        expect(fallback).toHaveBeenCalledWith(input);
        fallback.mockRestore();
        expectSameAsSuperjson(input);
      }
    });
  }

  it('hands the value to superjson while Object.prototype lends an enumerable key', () => {
    const value = { books: [{ id: 1, at: new Date(0) }] };
    const fallback = vi.spyOn(superjson, 'serialize');
    Object.defineProperty(Object.prototype, 'lent', { get: () => new Date(0), set() {}, enumerable: true, configurable: true });
    let ours: unknown;
    try {
      ours = serializeOutput(value);
    } finally {
      delete (Object.prototype as Record<string, unknown>).lent;
    }
    expect(fallback).toHaveBeenCalledWith(value);
    expect(ours).toStrictEqual({ json: { books: [{ id: 1, at: '1970-01-01T00:00:00.000Z' }] }, meta: { values: { 'books.0.at': ['Date'] }, v: 1 } });
  });

  it('rejects prototype-polluting keys as superjson does', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const value = JSON.parse(`{"ok": 1, "nested": {"${key}": {"admin": true}}}`);
      expect(() => superjson.serialize(value)).toThrow(`Detected property ${key}`);
      expect(() => serializeOutput(value)).toThrow(`Detected property ${key}`);
    }
  });
});
