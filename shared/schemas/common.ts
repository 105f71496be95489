import { z } from 'zod';

/** Query strings arrive as text: digits become numbers, anything else is left for the schema to refuse. */
const fromQueryNumber = (value: unknown) =>
  typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;

const fromQueryBoolean = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);

export const positiveId = (message = 'Must be a positive integer') =>
  z.preprocess(fromQueryNumber, z.number({ error: message }).int(message).positive(message));

export const queryBoolean = () => z.preprocess(fromQueryBoolean, z.boolean());

export const emptyInput = z.object({}).strict().optional();
