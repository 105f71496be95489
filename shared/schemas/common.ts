import { z } from 'zod';

/** Query strings arrive as text: digits become numbers, anything else is left for the schema to refuse. */
const fromQueryNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

const fromQueryBoolean = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);

/** Ids are PostgreSQL integers: a larger number names no row (and the database would refuse to compare it). */
export const MAX_ID = 2_147_483_647;

export const positiveId = (message = 'Must be a positive integer') =>
  z.preprocess(fromQueryNumber, z.number({ error: message }).int(message).positive(message).max(MAX_ID, message));

/** An integer from the query string or a JSON body, within [min, max] (max optional). */
export const queryInt = (message: string, min: number, max?: number) => {
  const n = z.number({ error: message }).int(message).min(min, message);
  return z.preprocess(fromQueryNumber, max === undefined ? n : n.max(max, message));
};

/**
 * Offset paging of a list, through either door: `limit` is the page size (1 to max), `cursor` the
 * offset into the list's order (tRPC's infinite queries pass their page param here), and `direction`
 * is what tRPC 11's infinite queries send alongside the cursor; paging only goes forward, so it is ignored.
 */
export const pageFields = (max: number) => ({
  limit: queryInt(`Limit must be between 1 and ${max}`, 1, max).optional(),
  cursor: queryInt('Cursor must be a non-negative integer', 0).optional(),
  direction: z.enum(['forward', 'backward']).optional(),
});

export const queryBoolean = () => z.preprocess(fromQueryBoolean, z.boolean());

export const emptyInput = z.object({}).strict().optional();
