import type { z } from 'zod';
import { isArrayIndex, isForbiddenKey, isJsonAsItIs, isoString, keepWire, OutputWire, PathNode } from './superjson-wire';

/** The parts of a zod 4 schema this module reads. */
interface SchemaInternals {
  def: {
    type: string;
    checks?: { _zod: { def: { check: string; format?: string } } }[];
    shape?: Record<string, z.ZodType>;
    element?: z.ZodType;
    innerType?: z.ZodType;
    catchall?: z.ZodType;
  };
  /** Set by enums and literals: the values they take, as their parse tests them. */
  values?: Set<unknown>;
}

const internals = (schema: z.ZodType) => (schema as unknown as { _zod: SchemaInternals })._zod;

/** Definition keys that do not change what a passing value parses to (`error` only words failures). */
const INERT_KEYS = new Set(['type', 'checks', 'shape', 'element', 'innerType', 'entries', 'values', 'error']);

/**
 * The code that checks one value of the schema, in a compiled function's body: it reads `x`, returns
 * FAIL when the value is not what the schema takes (or is one the fast path leaves to zod), and sets
 * `o` to what zod's parse answers and `j` to what superjson writes of that. `at` is an expression for
 * the value's place, evaluated only where a Date is found.
 */
interface Plan {
  emit(x: string, o: string, j: string, at: string): string;
  /** Whether a Date can sit in the value: only then does it need its place, and a JSON copy of its own. */
  dated: boolean;
}

/** What compiled functions are given, by the names their code uses. */
class Program {
  readonly names: string[] = [];
  readonly values: unknown[] = [];
  readonly functions: string[] = [];
  /** The schemas being planned, outermost first: a schema met again inside itself is recursive. */
  readonly planning = new Set<z.ZodType>();

  constant(prefix: string, value: unknown): string {
    const name = `${prefix}${this.names.length}`;
    this.names.push(name);
    this.values.push(value);
    return name;
  }

  function(prefix: string, body: string): string {
    const name = `${prefix}${this.functions.length}`;
    this.functions.push(`function ${name}(v, at, st) {\n${body}\n}`);
    return name;
  }
}

const leaf = (test: (x: string) => string): Plan => ({
  emit: (x, o, j) => `if (${test(x)}) return FAIL; ${o} = ${j} = ${x};`,
  dated: false,
});

/** A number as superjson leaves it: -0 has an annotation of its own, so zod's -0 goes the slow way. */
const isMinusZero = (x: string) => `(${x} === 0 && 1 / ${x} < 0)`;

/**
 * The plan for a schema of the kinds outputs are made of: objects, arrays, strings, numbers (`.int()`
 * their one check), booleans, dates, enums, literals, nullable and optional. null for anything else
 * (unions, transforms, refinements, size or format checks, coercion, catch-alls): zod checks it.
 */
function plan(schema: z.ZodType, program: Program): Plan | null {
  // A recursive schema (a shape's getter naming the schema itself) is left to zod.
  if (program.planning.has(schema)) return null;
  program.planning.add(schema);
  try {
    return planOf(schema, program);
  } finally {
    program.planning.delete(schema);
  }
}

function planOf(schema: z.ZodType, program: Program): Plan | null {
  const zod = internals(schema);
  const { def } = zod;
  if (Object.keys(def).some((key) => !INERT_KEYS.has(key))) return null;
  const checks = def.checks ?? [];
  if (def.type === 'number' && checks.length === 1) {
    // `.int()`, a safe integer, is the one check taken here.
    const check = checks[0]!._zod.def;
    if (check.check !== 'number_format' || check.format !== 'safeint') return null;
    return leaf((x) => `!isSafeInteger(${x}) || ${isMinusZero(x)}`);
  }
  if (checks.length > 0) return null;
  switch (def.type) {
    case 'string':
      return leaf((x) => `typeof ${x} !== 'string'`);
    case 'boolean':
      return leaf((x) => `typeof ${x} !== 'boolean'`);
    case 'number':
      return leaf((x) => `typeof ${x} !== 'number' || !isFinite(${x}) || ${isMinusZero(x)}`);
    case 'enum':
    case 'literal': {
      const values = zod.values;
      if (!(values instanceof Set) || ![...values].every(isJsonAsItIs)) return null;
      const name = program.constant('values', values);
      // A Set holding 0 has -0 too, and zod takes it: superjson annotates it, so it goes the slow way.
      return leaf((x) => `!${name}.has(${x}) || ${isMinusZero(x)}`);
    }
    case 'date':
      // A valid Date, as z.date() takes; not one met before, which superjson would write as a
      // reference to the first (referentialEqualities).
      return {
        emit: (x, o, j, at) =>
          `if (typeof ${x} !== 'object' || ${x} === null || getPrototypeOf(${x}) !== DATE || isNaN(${x}.getTime()) || st.seen.size === st.seen.add(${x}).size) return FAIL;
${o} = ${x}; ${j} = iso(${x}); st.dates.push(${at});`,
        dated: true,
      };
    case 'nullable': {
      const inner = def.innerType && plan(def.innerType, program);
      if (!inner) return null;
      return { emit: (x, o, j, at) => `if (${x} === null) { ${o} = ${j} = null; } else { ${inner.emit(x, o, j, at)} }`, dated: inner.dated };
    }
    case 'optional': {
      // zod answers a missing key as missing and undefined as undefined, which superjson annotates:
      // both are left to zod.
      const inner = def.innerType && plan(def.innerType, program);
      if (!inner) return null;
      return { emit: (x, o, j, at) => `if (${x} === undefined) return FAIL; ${inner.emit(x, o, j, at)}`, dated: inner.dated };
    }
    case 'array':
      return def.element ? arrayPlan(def.element, program) : null;
    case 'object':
      return def.shape && def.catchall === undefined ? objectPlan(def.shape, program) : null;
    default:
      return null;
  }
}

/** A call of a container's compiled function, which answers FAIL or the JSON copy, and leaves zod's in st.out. */
const callOf = (fn: string, dated: boolean): Plan['emit'] => (x, o, j, at) =>
  `${j} = ${fn}(${x}, ${dated ? at : 'null'}, st); if (${j} === FAIL) return FAIL; ${o} = st.out;`;

/** zod's copy of an array, item by item (a hole reads as undefined, as zod reads it); its JSON copy too when its items may hold Dates. */
function arrayPlan(element: z.ZodType, program: Program): Plan | null {
  const item = plan(element, program);
  if (!item) return null;
  const fn = program.function(
    'array',
    `if (!isArray(v)) return FAIL;
const out = [];${item.dated ? ' const json = [];' : ''}
let x, o, j;
for (let i = 0; i < v.length; i++) {
  x = v[i];
  ${item.emit('x', 'o', 'j', 'at.item(i)')}
  out.push(o);${item.dated ? ' json.push(j);' : ''}
}
st.out = out;
return ${item.dated ? 'json' : 'out'};`,
  );
  return { emit: callOf(fn, item.dated), dated: item.dated };
}

/**
 * zod's copy of an object: the shape's keys, in its order, others left out; and its JSON copy when a
 * Date can sit in it. Objects with keys JS would reorder or superjson refuses are left to zod.
 */
function objectPlan(shape: Record<string, z.ZodType>, program: Program): Plan | null {
  // zod checks a shape's symbol keys too; this code reads only its string keys.
  if (Object.getOwnPropertySymbols(shape).length > 0) return null;
  const keys = Object.keys(shape);
  // An object literal cannot take a forbidden key as it is, and an index key would be listed first,
  // which reorders superjson's annotations.
  if (keys.some((key) => isForbiddenKey(key) || isArrayIndex(key))) return null;
  const fields: Plan[] = [];
  for (const key of keys) {
    const field = plan(shape[key]!, program);
    if (!field) return null;
    fields.push(field);
  }
  const dated = fields.some((field) => field.dated);
  const literal = (prefix: string) => `{ ${keys.map((key, slot) => `${JSON.stringify(key)}: ${prefix}${slot}`).join(', ')} }`;
  const fn = program.function(
    'object',
    `if (typeof v !== 'object' || v === null || isArray(v)) return FAIL;
let x${keys.map((_, slot) => `, o${slot}, j${slot}`).join('')};
${keys.map((key, slot) => `x = v[${JSON.stringify(key)}];\n${fields[slot]!.emit('x', `o${slot}`, `j${slot}`, `at.field(${slot}, ${JSON.stringify(key)})`)}`).join('\n')}
${dated ? `st.out = ${literal('o')};\nreturn ${literal('j')};` : `const out = ${literal('o')};\nst.out = out;\nreturn out;`}`,
  );
  return { emit: callOf(fn, dated), dated };
}

/** What a compiled check answers: FAIL, or the JSON copy (zod's copy left in `st.out`). */
type Compiled = (value: unknown, at: PathNode, st: CheckState) => unknown;
interface CheckState {
  out: unknown;
  dates: PathNode[];
  seen: Set<unknown> | undefined;
}

const FAIL = Symbol('fail');

/** The schema's check as one compiled function: no closure per field, each key read where it is named. */
function compile(schema: z.ZodType): { check: Compiled; dated: boolean } | null {
  const program = new Program();
  const top = plan(schema, program);
  if (!top) return null;
  const main = program.function('check', `let o, j;\n${top.emit('v', 'o', 'j', 'at')}\nst.out = o;\nreturn j;`);
  const given = {
    FAIL,
    DATE: Date.prototype,
    getPrototypeOf: Object.getPrototypeOf,
    isArray: Array.isArray,
    isFinite: Number.isFinite,
    isNaN: Number.isNaN,
    isSafeInteger: Number.isSafeInteger,
    iso: isoString,
  };
  const names = [...Object.keys(given), ...program.names];
  // The code is built from the schema's keys (quoted by JSON.stringify) and fixed text; no value reaches it.
  const build = new Function(...names, `${program.functions.join('\n')}\nreturn ${main};`);
  return { check: build(...Object.values(given), ...program.values) as Compiled, dated: top.dated };
}

/**
 * `schema.parse` for a procedure's output, with what superjson will write of it built in the same pass
 * (trpc/superjson-wire.ts): the schema's check is compiled once into plain code that reads each key,
 * copies the value as zod would (the shape's keys, in its order) and writes its JSON copy, Dates as ISO
 * text. A page of 50 books was walked twice before: by a check that it already had its schema's shape,
 * then by the serializer, copying it with ISO dates.
 * A value with anything the fast path does not cover is parsed by zod, and serialized the usual way.
 */
export function outputCheck<T extends z.ZodType>(schema: T): (value: unknown) => z.output<T> {
  const compiled = compile(schema);
  if (!compiled) return (value) => schema.parse(value);
  const { check, dated } = compiled;
  const root = new PathNode(undefined);
  return (value) => {
    const st: CheckState = { out: undefined, dates: [], seen: dated ? new Set() : undefined };
    const json = check(value, root, st);
    if (json === FAIL) return schema.parse(value);
    const { out } = st;
    // Only a copy this check made carries its wire: a Date answered at the top is the caller's own.
    if (typeof out === 'object' && out !== null && !(out instanceof Date)) keepWire(out, new OutputWire(json, st.dates));
    return out as z.output<T>;
  };
}
