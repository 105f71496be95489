/**
 * The query cache's structural sharing (react-query's `replaceEqualDeep`), reading Dates by their time: a new
 * answer keeps every part of the last one it equals, the same object, so a memoised row whose book has not
 * changed is not drawn again. react-query's own walk compares only plain objects and arrays, and every book,
 * rental and customer holds Dates, which superjson makes anew on each answer: after a refetch every row of a
 * list was a new object, and a thousand rows were drawn again after one rent.
 */
export function shareUnchanged(previous: unknown, next: unknown): unknown {
  if (previous === next) return previous;
  if (previous instanceof Date && next instanceof Date) return previous.getTime() === next.getTime() ? previous : next;
  const arrays = Array.isArray(previous) && Array.isArray(next);
  if (!arrays && !(isPlainObject(previous) && isPlainObject(next))) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = arrays ? (next as unknown[]).map((_, i) => String(i)) : Object.keys(after);
  const copy = (arrays ? [] : {}) as Record<string, unknown>;
  let same = arrays ? (previous as unknown[]).length === keys.length : Object.keys(before).length === keys.length;
  for (const key of keys) {
    const had = Object.hasOwn(before, key);
    const shared = had ? shareUnchanged(before[key], after[key]) : after[key];
    copy[key] = shared;
    if (!had || shared !== before[key]) same = false;
  }
  return same ? previous : copy;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
