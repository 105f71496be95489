import type { SuperJSONResult } from 'superjson';

/** superjson's path segment: backslashes doubled, dots escaped. */
function escapeKey(key: string): string {
  return key.includes('.') || key.includes('\\') ? key.replace(/\\/g, '\\\\').replace(/\./g, '\\.') : key;
}

/** superjson rejects these keys (prototype pollution); it throws, so the fallbacks do too. */
export const isForbiddenKey = (key: string) => key === '__proto__' || key === 'constructor' || key === 'prototype';

/** Keys a JS object lists first, in ascending order, whatever order they were added in. */
export function isArrayIndex(key: string): boolean {
  const index = Number(key) >>> 0;
  return index !== 0xffffffff && String(index) === key;
}

/** A value JSON writes as superjson's walk would leave it: text, a boolean, null or a finite number other than -0. */
export const isJsonAsItIs = (value: unknown) =>
  typeof value === 'string' || typeof value === 'boolean' || value === null || (typeof value === 'number' && Number.isFinite(value) && !Object.is(value, -0));

/** The character code of a number's digit `10^place` (0 for units). */
const digit = (n: number, place: 1 | 10 | 100 | 1000) => 48 + (Math.floor(n / place) % 10);

/**
 * `date.toISOString()` for a valid Date of the years 1000 to 9999, as one flat string of its 24
 * character codes. Measured in V8 (Node 20): 145 ns a date, against 585 for toISOString and 245 for a
 * template of its parts, which also left a dozen joined strings behind (445 bytes a date against 40;
 * a page of books has 150 dates).
 */
export function isoString(date: Date): string {
  const year = date.getUTCFullYear();
  if (year < 1000 || year > 9999) return date.toISOString();
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  const hours = date.getUTCHours();
  const minutes = date.getUTCMinutes();
  const seconds = date.getUTCSeconds();
  const ms = date.getUTCMilliseconds();
  return String.fromCharCode(
    digit(year, 1000), digit(year, 100), digit(year, 10), digit(year, 1), 45, // -
    digit(month, 10), digit(month, 1), 45, digit(day, 10), digit(day, 1), 84, // T
    digit(hours, 10), digit(hours, 1), 58, digit(minutes, 10), digit(minutes, 1), 58, digit(seconds, 10), digit(seconds, 1), 46, // :, .
    digit(ms, 100), digit(ms, 10), digit(ms, 1), 90, // Z
  );
}

/** How many paths PathNode keeps: outputs are shaped by their schemas, so this bounds only the unforeseen. */
const KEPT_PATHS_LIMIT = 20_000;
let keptPaths = 0;

/**
 * A place in an output and its escaped superjson path, kept once for every output that has one: a page of
 * 50 books names the same 150 date paths on every call, and building each text anew (then hashing it as
 * a key of meta.values) cost as much as the rest of the annotations (measured: 20 → 10 µs a page).
 * A place is found by its key (`child`), or, by code compiled for one schema, by the key's position in
 * its object (`field`) or by an index (`item`): array look-ups, not hashing.
 */
export class PathNode {
  private children: Map<string | number, PathNode> | undefined;
  private fields: PathNode[] | undefined;
  private items: PathNode[] | undefined;
  private metaEntry: string | undefined;

  /** undefined for the top value, which has no path. */
  constructor(readonly path: string | undefined) {}

  child(key: string | number): PathNode {
    let node = this.children?.get(key);
    if (node === undefined) {
      node = this.make(typeof key === 'number' ? String(key) : escapeKey(key));
      if (PathNode.keep()) (this.children ??= new Map()).set(key, node);
    }
    return node;
  }

  /** The place of the key at `slot` in the schema's object, for the code compiled from that schema only. */
  field(slot: number, key: string): PathNode {
    let node = this.fields?.[slot];
    if (node === undefined) {
      node = this.make(escapeKey(key));
      if (PathNode.keep()) (this.fields ??= [])[slot] = node;
    }
    return node;
  }

  item(index: number): PathNode {
    let node = this.items?.[index];
    if (node === undefined) {
      node = this.make(String(index));
      if (PathNode.keep()) (this.items ??= [])[index] = node;
    }
    return node;
  }

  /** This place's entry in the text of meta.values, as JSON.stringify writes it for a Date. */
  get dateEntry(): string {
    return (this.metaEntry ??= `${JSON.stringify(this.path)}:["Date"]`);
  }

  private make(segment: string) {
    return new PathNode(this.path === undefined ? segment : `${this.path}.${segment}`);
  }

  private static keep() {
    if (keptPaths >= KEPT_PATHS_LIMIT) return false;
    keptPaths++;
    return true;
  }
}

/**
 * An output as superjson writes it, built while it was checked (trpc/output-check.ts): its JSON copy,
 * Dates as ISO text, and the places of those Dates, in superjson's order.
 */
export class OutputWire {
  constructor(
    private readonly json: unknown,
    private readonly dates: PathNode[],
  ) {}

  /** What superjson.serialize gives for the output. */
  superjson(): SuperJSONResult {
    if (this.dates.length === 0) return { json: this.json as SuperJSONResult['json'] };
    const values: Record<string, ['Date']> = {};
    for (const node of this.dates) values[node.path!] = ['Date'];
    return { json: this.json as SuperJSONResult['json'], meta: { values, v: 1 } };
  }

  /**
   * JSON.stringify of what superjson.serialize gives: meta.values is written from each place's
   * kept entry, not built as an object of 150 keys and then written out.
   */
  text(): string {
    const json = JSON.stringify(this.json);
    if (this.dates.length === 0) return `{"json":${json}}`;
    let values = this.dates[0]!.dateEntry;
    for (let i = 1; i < this.dates.length; i++) values += `,${this.dates[i]!.dateEntry}`;
    return `{"json":${json},"meta":{"values":{${values}},"v":1}}`;
  }
}

/** Each checked output (a fresh object the check built) and its wire, until the output is collected. */
const wires = new WeakMap<object, OutputWire>();

export const keepWire = (output: object, wire: OutputWire) => void wires.set(output, wire);
export const wireOf = (output: unknown) => (typeof output === 'object' && output !== null ? wires.get(output) : undefined);
