import type { z } from 'zod';

/**
 * Whether a value already is what the schema's parse would give back: a value that passes is answered
 * as it is, any other goes through zod, which copies, strips and reports as usual.
 */
type Accept = (value: unknown) => boolean;

/** The parts of a zod 4 schema this module reads. */
interface SchemaInternals {
  def: {
    type: string;
    checks?: { _zod: { def: { check: string; format?: string } } }[];
    shape?: Record<string, z.ZodType>;
    element?: z.ZodType;
    innerType?: z.ZodType;
  };
  /** Set by enums and literals: the values they take, as their parse tests them. */
  values?: Set<unknown>;
  optin?: string;
  optout?: string;
}

const internals = (schema: z.ZodType) => (schema as unknown as { _zod: SchemaInternals })._zod;

/** Definition keys that do not change what a passing value parses to (`error` only words failures). */
const INERT_KEYS = new Set(['type', 'checks', 'shape', 'catchall', 'element', 'innerType', 'entries', 'values', 'error']);

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/** A finite number, as z.number() takes one (it refuses NaN and ±Infinity). */
const isNumber: Accept = (value) => typeof value === 'number' && Number.isFinite(value);

/**
 * The schema as an Accept, for the kinds a procedure's output is made of: objects, arrays, strings,
 * numbers (`.int()` their one check), booleans, dates, enums, literals, nullable and optional. Anything
 * else (unions, transforms, refinements, size or format checks, coercion) is null: zod checks it.
 */
function compile(schema: z.ZodType): Accept | null {
  const zod = internals(schema);
  const { def } = zod;
  if (Object.keys(def).some((key) => !INERT_KEYS.has(key))) return null;
  const checks = def.checks ?? [];
  // `.int()`, a safe integer, is the one check taken here.
  if (def.type === 'number' && checks.length === 1) {
    const check = checks[0]!._zod.def;
    return check.check === 'number_format' && check.format === 'safeint' ? Number.isSafeInteger : null;
  }
  if (checks.length > 0) return null;
  switch (def.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'number':
      return isNumber;
    case 'date':
      return (value) => value instanceof Date && !Number.isNaN(value.getTime());
    case 'enum':
    case 'literal': {
      const values = zod.values;
      return values instanceof Set ? (value) => values.has(value) : null;
    }
    case 'nullable': {
      const accept = def.innerType && compile(def.innerType);
      return accept ? (value) => value === null || accept(value) : null;
    }
    case 'optional': {
      const accept = def.innerType && compile(def.innerType);
      return accept ? (value) => value === undefined || accept(value) : null;
    }
    case 'array': {
      const accept = def.element && compile(def.element);
      return accept ? acceptArray(accept) : null;
    }
    case 'object':
      return def.shape ? acceptObject(def.shape) : null;
    default:
      return null;
  }
}

/** An array with no holes and no other own keys, each item accepted: zod's copy would hold the same. */
function acceptArray(accept: Accept): Accept {
  return (value) => {
    if (!Array.isArray(value) || Object.getPrototypeOf(value) !== Array.prototype) return false;
    if (Object.keys(value).length !== value.length) return false;
    for (let i = 0; i < value.length; i++) if (!accept(value[i])) return false;
    return true;
  };
}

/**
 * A plain object with the shape's keys and no other enumerable ones, in the shape's order (the order of
 * zod's copy), each value accepted. A key may be missing only where the schema is `.optional()`, which
 * zod's copy leaves out too.
 */
function acceptObject(shape: Record<string, z.ZodType>): Accept | null {
  const keys = Object.keys(shape);
  const accepts: Accept[] = [];
  const mayBeMissing: boolean[] = [];
  for (const key of keys) {
    const accept = compile(shape[key]!);
    if (!accept) return null;
    accepts.push(accept);
    const { optin, optout } = internals(shape[key]!);
    mayBeMissing.push(optin === 'optional' && optout === 'optional');
  }
  const count = keys.length;
  return (value) => {
    if (!isPlainObject(value)) return false;
    let next = 0;
    // for-in visits own enumerable keys here (a plain object) in their order, and inherited ones if
    // Object.prototype has been given any: those are not in the shape, so the value is refused.
    for (const key in value) {
      while (next < count && keys[next] !== key) {
        if (!mayBeMissing[next]) return false;
        next++;
      }
      if (next === count || !accepts[next]!(value[key])) return false;
      next++;
    }
    for (; next < count; next++) if (!mayBeMissing[next]) return false;
    return true;
  };
}

/**
 * `schema.parse` for a procedure's output, without zod's copy when the value already is that copy: a
 * page of 50 books was copied field by field (about 140 KB of short-lived objects a page) only to come
 * out as it went in. A value with anything the schema does not name or does not allow is parsed by zod,
 * which strips or refuses it.
 */
export function outputCheck<T extends z.ZodType>(schema: T): (value: unknown) => z.output<T> {
  const accept = compile(schema);
  if (!accept) return (value) => schema.parse(value);
  return (value) => (accept(value) ? (value as z.output<T>) : schema.parse(value));
}
