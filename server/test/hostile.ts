import fc from 'fast-check';
import superjson from 'superjson';

/** Text an attacker or a broken client sends: injections, odd unicode, empty and huge strings. */
const HOSTILE_TEXT = [
  '',
  ' ',
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "Robert'); DELETE FROM books; --",
  '1 UNION SELECT password_hash FROM users',
  '%',
  '_',
  '\\',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '{{7*7}}${7*7}',
  '\u0000',
  '\u202eevil',
  '\ud800',
  '𝕏🙂👩‍👩‍👧',
  'Ω≈ç√∫',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '1e309',
  '9999999999999999999999',
  'NaN',
  'true',
  'null',
  'a'.repeat(10_000),
  '9'.repeat(100_000),
];

const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, -0, 1.5, 2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e308),
  fc.integer(),
  fc.double(),
);

/** Any value of the wrong kind: the types JSON and superjson can carry, and nested ones. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, undefined, true, false, [], {}, { __proto__: { admin: true } }) },
  { weight: 1, arbitrary: fc.bigInt() },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: false }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(new Map([['a', 1]]), new Set([1]), /a+/g) },
);

/** A valid input bent one way: a field dropped, replaced, added, or the whole input swapped for junk. */
export function hostileInput(base: unknown): fc.Arbitrary<unknown> {
  const fields = base && typeof base === 'object' ? Object.keys(base) : [];
  const object = (base ?? {}) as Record<string, unknown>;
  const variants: fc.Arbitrary<unknown>[] = [
    hostileValue,
    fc.record({ key: hostileString, value: hostileValue }).map(({ key, value }) => ({ ...object, [key]: value })),
  ];
  if (fields.length) {
    variants.push(
      fc.constantFrom(...fields).map((key) => Object.fromEntries(Object.entries(object).filter(([k]) => k !== key))),
      fc.record({ key: fc.constantFrom(...fields), value: hostileValue }).map(({ key, value }) => ({ ...object, [key]: value })),
      fc.record({ key: fc.constantFrom(...fields), value: hostileValue }).map(({ key, value }) => ({ ...object, [key]: value })),
    );
  }
  return fc.oneof(...variants);
}

/** JSON as JSON.stringify would send it, but never throwing on a bigint. */
export const plainJson = (value: unknown) => JSON.stringify(value ?? {}, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));

/** superjson as its client sends it; values it refuses to write (a `constructor` key) go as raw `{json}`. */
export function superjsonText(value: unknown) {
  try {
    return JSON.stringify(superjson.serialize(value));
  } catch {
    return `{"json":${plainJson(value)}}`;
  }
}

/** A query string from an input: arrays repeat their key, everything else becomes its text. */
export function queryString(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return new URLSearchParams({ input: String(value) }).toString();
  const params = new URLSearchParams();
  for (const [key, v] of Object.entries(value)) {
    for (const item of Array.isArray(v) ? v : [v]) params.append(key, typeof item === 'object' && item !== null ? plainJson(item) : String(item));
  }
  return params.toString();
}

/**
 * A few bytes of superjson whose keys all name the input itself (referentialEqualities' array form): an
 * input walk that follows each path without noting what it has seen takes 6^17 steps.
 */
export const ROOT_ALIASES = '{"json":{"a":0,"b":0,"c":0,"d":0,"e":0,"f":0},"meta":{"referentialEqualities":[["a","b","c","d","e","f"]]}}';

/** Bodies no client library would send: broken JSON and superjson, deep nesting, prototype tricks. */
export const MALFORMED_BODIES = [
  '',
  '{',
  '{"a":',
  'nul',
  '"text"',
  '[]',
  '[1,2,3]',
  '1e999',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '['.repeat(5000) + ']'.repeat(5000),
  '{"json":{"libraryId":"x"},"meta":{"values":{"libraryId":["Date"]}}}',
  '{"json":{"libraryId":"abc"},"meta":{"values":{"libraryId":["bigint"]}}}',
  '{"json":{},"meta":{"values":{"__proto__.admin":["undefined"]}}}',
  '{"json":{"a":1},"meta":{"values":{"a":[["custom","nope"]]}}}',
  '{"json":{"a":1},"meta":{"values":{"a":["class","Object"]}}}',
  '{"json":{"a":[1]},"meta":{"values":{"a":["map"]}}}',
  '{"json":{"a":1},"meta":{"referentialEqualities":{"a":["__proto__"]}}}',
  ROOT_ALIASES,
  '{"json":{"a":1},"meta":{"values":"garbage"}}',
  '{"json":null,"meta":null}',
  '{"0":{"json":{}}}',
];

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json-patch+json',
  'text/json',
  '',
];
