import { z } from 'zod';

/** Query strings arrive as text: digits become numbers, anything else is left for the schema to refuse. */
const fromQueryNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

const fromQueryBoolean = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);

export const positiveId = (message = 'Must be a positive integer') =>
  z.preprocess(fromQueryNumber, z.number({ error: message }).int(message).positive(message));

/** An integer from the query string or a JSON body, within [min, max] (max optional). */
export const queryInt = (message: string, min: number, max?: number) => {
  const n = z.number({ error: message }).int(message).min(min, message);
  return z.preprocess(fromQueryNumber, max === undefined ? n : n.max(max, message));
};

export const queryBoolean = () => z.preprocess(fromQueryBoolean, z.boolean());

export const emptyInput = z.object({}).strict().optional();
