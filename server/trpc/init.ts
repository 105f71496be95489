import { initTRPC, TRPCError } from '@trpc/server';
import type { FastifyBaseLogger } from 'fastify';
import superjson from 'superjson';
import { ZodError, type z } from 'zod';
import { AppError, badRequest, isDatabaseUnavailable, toTRPCError } from '../errors';
import { loggableError } from '../http/logging';
import type { Context } from './context';
import { serializeOutput } from './serialize-output';

/** REST facade metadata: the documented /_api path this procedure also answers on. */
export interface Meta {
  rest?: { method: 'GET' | 'POST'; path: string; wire: 'json' | 'superjson' };
}

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
export const UNAVAILABLE_MESSAGE = 'The library service is temporarily unavailable. Please try again in a moment.';

/** zod's own wording ('Invalid input: expected object, received string'), as opposed to the spec's messages the schemas carry. */
const ZOD_DEFAULT_MESSAGE = /^(Invalid input|Invalid (option|string|element|key|union)\b|Unrecognized key|Too (small|big):)/;

/** A validation failure in words a person reads: the schema's message, or a plain one naming the field. */
function validationMessage(issue: ZodError['issues'][number] | undefined): string {
  if (!issue) return 'The request is not valid.';
  if (!ZOD_DEFAULT_MESSAGE.test(issue.message)) return issue.message;
  // Field names are echoed only when they look like ours, never arbitrary text a caller sent.
  const named = (path: PropertyKey[]) => path.length > 0 && path.every((k) => /^[A-Za-z][A-Za-z0-9]{0,40}$|^\d{1,4}$/.test(String(k)));
  if (issue.code === 'unrecognized_keys') {
    return named(issue.keys) ? `Unknown field: ${issue.keys.join(', ')}.` : 'The request has fields this call does not take.';
  }
  if (issue.path.length === 0) return 'The request must be an object with the fields this call expects.';
  return named(issue.path) ? `The field ${issue.path.join('.')} is not valid.` : 'The request has a field that is not valid.';
}

/** The user-facing text of any error: the first failing field's message for validation errors. */
export function publicMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return validationMessage(error.cause.issues[0]);
  if (error.code === 'INTERNAL_SERVER_ERROR') return INTERNAL_MESSAGE;
  if (error.code === 'PARSE_ERROR') return 'The request body could not be read.';
  // tRPC's own input failures (a superjson payload that cannot be revived) carry the library's text.
  if (error.code === 'BAD_REQUEST' && error.cause && !(error.cause instanceof AppError)) return 'The request body could not be read.';
  return error.message;
}

/**
 * A failed call in the log, through either door: a fault in full (with its stack) at error level;
 * an unreachable database as one warning line with the driver's reason, since each request made
 * during an outage says the same.
 */
export function logFailure(log: FastifyBaseLogger, error: TRPCError, path: string) {
  if (error.code === 'SERVICE_UNAVAILABLE') {
    const reason = error.cause instanceof Error ? loggableError(error.cause).message : undefined;
    log.warn({ path, reason }, 'database unavailable');
  } else if (error.code === 'INTERNAL_SERVER_ERROR') {
    log.error({ err: error.cause ?? error, path }, 'request failed');
  }
}

/** An unreachable database becomes the 503 a client retries; anything else goes on as it was. */
export function unavailableOrRethrow(error: unknown): never {
  if (isDatabaseUnavailable(error)) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE, cause: error });
  throw error;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    // Same wire as superjson; outputs take the fast path, inputs are read by superjson itself.
    transformer: { serialize: serializeOutput, deserialize: superjson.deserialize },
    errorFormatter({ shape, error }) {
      const message = publicMessage(error);
      const cause = error.cause instanceof AppError ? error.cause : undefined;
      return {
        message,
        code: shape.code,
        data: { code: shape.data.code, httpStatus: shape.data.httpStatus, error: message, details: cause?.details },
      };
    },
  });

export const NUL_CHARACTER_MESSAGE = 'Text cannot contain the NUL character.';

/** Whether any string (or key) in an input holds U+0000, which PostgreSQL text cannot store or compare. */
function holdsNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 16) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNulCharacter(item, depth + 1));
}

/**
 * Domain errors become their status here, once; unreachable PostgreSQL becomes a fast 503. Input
 * with a NUL character is refused first, through both doors: the database would fail on it.
 */
const mapErrors = t.middleware(async ({ next, ctx, getRawInput }) => {
  if (holdsNulCharacter(await getRawInput())) throw toTRPCError(badRequest(NUL_CHARACTER_MESSAGE));
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      if (cause.retryAfterSeconds) ctx.reply.header('retry-after', String(cause.retryAfterSeconds));
      result.error = toTRPCError(cause);
    } else if (result.error.code === 'INTERNAL_SERVER_ERROR' && isDatabaseUnavailable(cause)) {
      result.error = new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE, cause });
    }
  }
  return result;
});

/**
 * A procedure's output schema as a parser that zod runs synchronously. Handed the schema itself,
 * tRPC calls its parseAsync, which skips the checks zod compiles for objects: a page of 50 books
 * took four times as long to check.
 */
export const syncOutput =
  <T extends z.ZodType>(schema: T) =>
  (value: unknown): z.output<T> =>
    schema.parse(value);

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
