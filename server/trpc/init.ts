import { initTRPC } from '@trpc/server';
import superjson from 'superjson';
import type { z } from 'zod';
import { AppError, badRequest } from '../errors';
import { mapFailure, publicMessage } from '../http/error-response';
import type { Context } from './context';
import { outputCheck } from './output-check';
import { serializeOutput } from './serialize-output';

/** A list answered a page at a time: the list's own rule for how many rows a call answers (null: all), and the key of a row's id, which the next page's cursor takes. */
export interface Paging {
  limit: (query: { limit?: number } & Record<string, unknown>) => number | null;
  cursor: string;
  /** Where an answer holds its rows, when it is not the list itself (`{customers: [...]}`). */
  rows?: (answer: any) => unknown;
}

/** REST facade metadata: the documented /_api path this procedure also answers on, or the paths when the spec names several. */
export interface Meta {
  rest?: { method: 'GET' | 'POST'; path: string | readonly string[]; wire: 'json' | 'superjson'; paging?: Paging };
}

/**
 * superjson's reading of a call's input (both doors), refusing shared references
 * (`meta.referentialEqualities`): no input of the app holds an object twice, and with them a body of a
 * few bytes becomes a graph whose paths multiply with each level (six keys naming the root: 6^17 paths
 * to the input checks' depth of 16).
 */
export function deserializeInput(payload: unknown): unknown {
  const meta = (payload as { meta?: unknown } | null)?.meta;
  if (typeof meta === 'object' && meta !== null && 'referentialEqualities' in meta) throw new Error('Inputs cannot hold shared references.');
  return superjson.deserialize(payload as Parameters<typeof superjson.deserialize>[0]);
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Same wire as superjson; outputs take the fast path, inputs are read by superjson itself.
    transformer: { serialize: serializeOutput, deserialize: deserializeInput },
    errorFormatter({ shape, error, ctx }) {
      const message = publicMessage(error, ctx?.req.id);
      const cause = error.cause instanceof AppError ? error.cause : undefined;
      return {
        message,
        code: shape.code,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, error: message, details: cause?.details },
      };
    },
  });

const NUL_CHARACTER_MESSAGE = 'Text cannot contain the NUL character.';
const UNPAIRED_SURROGATE_MESSAGE = 'Text cannot contain an unpaired surrogate (a half of a UTF-16 character).';

/** Why a string cannot be stored as it is, or null: PostgreSQL text cannot hold U+0000, and the driver writes a half character as U+FFFD. */
function unstorable(text: string): string | null {
  if (text.includes('\u0000')) return NUL_CHARACTER_MESSAGE;
  return text.isWellFormed() ? null : UNPAIRED_SURROGATE_MESSAGE;
}

/**
 * Why any string (or key) in an input cannot be stored as it is, or null (see `unstorable`). Each object is
 * read once (`seen`): however an input came to share one, the walk stays as long as the input.
 */
function unstorableText(value: unknown, depth = 0, seen?: WeakSet<object>): string | null {
  if (typeof value === 'string') return unstorable(value);
  if (!value || typeof value !== 'object' || depth > 16) return null;
  // Made for an object only: most calls (the session check) have no input to walk.
  seen ??= new WeakSet();
  if (seen.has(value)) return null;
  seen.add(value);
  for (const [key, item] of Object.entries(value)) {
    const why = unstorable(key) ?? unstorableText(item, depth + 1, seen);
    if (why) return why;
  }
  return null;
}

/**
 * Every failure of a procedure is mapped here (http/error-response.ts), for both doors. Input with text
 * the database cannot store as it was sent is refused first: checked, then changed on the way in, or
 * failing there, it would not be what was checked.
 */
const mapErrors = t.middleware(async ({ next, ctx, getRawInput }) => {
  const unstorableInput = unstorableText(await getRawInput());
  if (unstorableInput) throw mapFailure(badRequest(unstorableInput), ctx.reply);
  const result = await next();
  if (!result.ok) result.error = mapFailure(result.error, ctx.reply);
  return result;
});

/**
 * A procedure's output schema as a synchronous check (trpc/output-check.ts): compiled from the schema,
 * it answers zod's copy and builds superjson's writing of it in the same pass; what it does not cover is
 * parsed by zod. Handed the schema itself, tRPC calls its parseAsync, which skips the checks zod
 * compiles for objects: a page of 50 books took four times as long to check.
 */
export const syncOutput = <T extends z.ZodType>(schema: T): ((value: unknown) => z.output<T>) => outputCheck(schema);

export const router = t.router;
export const middleware = t.middleware;
export const publicProcedure = t.procedure.use(mapErrors);

/**
 * syncOutput for results that several calls share (insights: identical requests made at once get
 * one computed object, see services/insights-coalescing.ts): each shared object is checked once, and
 * every call sharing it answers the same checked output. The results are never changed afterwards.
 */
export const sharedOutput = <T extends z.ZodType>(schema: T) => {
  const parse = syncOutput(schema);
  const checked = new WeakMap<object, z.output<T>>();
  return (value: unknown): z.output<T> => {
    if (typeof value !== 'object' || value === null) return parse(value);
    let output = checked.get(value);
    if (output === undefined) {
      output = parse(value);
      checked.set(value, output);
    }
    return output;
  };
};
