import superjson, { type SuperJSONResult } from 'superjson';
import { isArrayIndex, isForbiddenKey, isJsonAsItIs, isoString, PathNode, wireOf } from './superjson-wire';

/** The `meta.values` annotations the covered types need. */
type LeafType = 'Date' | 'undefined';

/** Thrown inside the walk on the first value the fast path does not cover; never escapes this module. */
const UNSUPPORTED = Symbol('unsupported');

const ROOT = new PathNode(undefined);

/**
 * Builds what superjson 2.2 builds, for plain objects, arrays, strings, finite numbers, booleans, null, undefined
 * and Date. superjson collects each container's annotations in a JS object of its own, so index keys ('3') come
 * before deeper paths ('0.at'); one flat list, with index leaves moved up within their container, gives the same order.
 */
class OutputWalker {
  /** Every object met: superjson records repeated references as referentialEqualities, which we leave to it. */
  private readonly seen = new Set<object>();
  /** meta.values, in superjson's order: escaped paths and their annotations. */
  readonly paths: string[] = [];
  readonly types: LeafType[] = [];
  /** The annotation of the top-level value itself, when it is a Date or undefined. */
  topType: LeafType | undefined;

  /** Walks `value`, found at `at` (ROOT for the top). */
  walk(value: unknown, at: PathNode): unknown {
    switch (typeof value) {
      case 'string':
      case 'boolean':
        return value;
      case 'number':
        // NaN, ±Infinity and -0 get superjson's 'number' annotation.
        if (Number.isFinite(value) && !Object.is(value, -0)) return value;
        throw UNSUPPORTED;
      case 'undefined':
        this.annotate(at.path, 'undefined');
        return null;
      case 'object':
        return value === null ? null : this.walkObject(value, at);
      default:
        throw UNSUPPORTED;
    }
  }

  private walkObject(value: object, at: PathNode): unknown {
    if (this.seen.has(value)) throw UNSUPPORTED;
    this.seen.add(value);
    const prototype = Object.getPrototypeOf(value);
    if (prototype === Date.prototype) return this.walkDate(value as Date, at.path);
    if (prototype === Array.prototype) return this.walkArray(value as unknown[], at);
    // superjson treats null-prototype objects as plain ones.
    if (prototype === Object.prototype || prototype === null) return this.walkRecord(value as Record<string, unknown>, at);
    throw UNSUPPORTED;
  }

  private walkDate(date: Date, path: string | undefined): unknown {
    // superjson leaves an invalid Date as it is, unannotated; JSON.stringify then writes null.
    if (Number.isNaN(date.getTime())) return date;
    this.annotate(path, 'Date');
    return isoString(date);
  }

  private walkArray(array: unknown[], at: PathNode): unknown[] {
    // superjson walks Object.entries: holes are skipped and extra properties are walked.
    if (Object.keys(array).length !== array.length) throw UNSUPPORTED;
    const json = array.slice();
    const start = this.paths.length;
    let indexLeaves = 0;
    for (let index = 0; index < json.length; index++) {
      const item = json[index];
      if (isJsonAsItIs(item)) continue;
      if (item === undefined && !(index in array)) throw UNSUPPORTED;
      const before = this.paths.length;
      json[index] = this.walk(item, at.child(index));
      if (this.paths.length !== before && isLeaf(item)) this.moveLastTo(start + indexLeaves++);
    }
    return json;
  }

  /**
   * The copy is made in one step (a spread costs a fraction of setting its keys one by one, and for-in over it
   * reads by V8's enum cache); then only the values JSON cannot hold as they are (Dates, undefined, containers,
   * numbers it cannot write) are walked and replaced. A symbol key, which JSON never writes, is copied along.
   */
  private walkRecord(record: Record<string, unknown>, at: PathNode): Record<string, unknown> {
    const json: Record<string, unknown> = { ...record };
    const start = this.paths.length;
    let indexLeaves = 0;
    // Own keys only: serializeOutput has checked that Object.prototype lends none.
    for (const key in json) {
      if (isForbiddenKey(key)) throw UNSUPPORTED;
      const item = json[key];
      if (isJsonAsItIs(item)) continue;
      const before = this.paths.length;
      json[key] = this.walk(item, at.child(key));
      if (this.paths.length !== before && isLeaf(item) && isArrayIndex(key)) this.moveLastTo(start + indexLeaves++);
    }
    return json;
  }

  private annotate(path: string | undefined, type: LeafType) {
    if (path === undefined) {
      this.topType = type;
    } else {
      this.paths.push(path);
      this.types.push(type);
    }
  }

  /** Puts the annotation just added at `at`: where an index key lands in its container's annotations object. */
  private moveLastTo(at: number) {
    if (at === this.paths.length - 1) return;
    this.paths.splice(at, 0, this.paths.pop()!);
    this.types.splice(at, 0, this.types.pop()!);
  }
}

const isLeaf = (value: unknown) => value === undefined || value instanceof Date;

/** Whether a plain object has enumerable keys it does not own (a polluted Object.prototype), which for-in would visit. */
function objectPrototypeLendsKeys(): boolean {
  for (const _ in {}) return true;
  return false;
}

/**
 * `superjson.serialize(value)`, the same object to the key order, without superjson's per-value cost. The first
 * value outside the covered types (Map, Set, BigInt, RegExp, Error, class instances, NaN, -0, a repeated
 * reference, ...) hands the whole value to superjson.
 */
export function serializeOutput(value: unknown): SuperJSONResult {
  if (objectPrototypeLendsKeys()) return superjson.serialize(value);
  const wire = wireOf(value);
  if (wire) return wire.superjson();
  const walker = new OutputWalker();
  let json: unknown;
  try {
    json = walker.walk(value, ROOT);
  } catch (error) {
    if (error === UNSUPPORTED) return superjson.serialize(value);
    throw error;
  }
  const result = { json } as SuperJSONResult;
  if (walker.topType !== undefined) {
    result.meta = { values: [walker.topType], v: 1 };
  } else if (walker.paths.length > 0) {
    const values: Record<string, [LeafType]> = {};
    walker.paths.forEach((path, i) => (values[path] = [walker.types[i]!]));
    result.meta = { values, v: 1 };
  }
  return result;
}

/** `JSON.stringify(serializeOutput(value))`, written from the wire of a checked output when it has one. */
export function serializeOutputText(value: unknown): string {
  const wire = objectPrototypeLendsKeys() ? undefined : wireOf(value);
  return wire ? wire.text() : JSON.stringify(serializeOutput(value));
}
