import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { AppError, isDatabaseUnavailable, toTRPCError } from '../errors';
import type { Context } from './context';

/** REST facade metadata: the documented /_api path this procedure also answers on. */
export interface Meta {
  rest?: { method: 'GET' | 'POST'; path: string; wire: 'json' | 'superjson' };
}

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';
export const UNAVAILABLE_MESSAGE = 'The library service is temporarily unavailable. Please try again in a moment.';

/** The user-facing text of any error: the first failing field's message for validation errors. */
export function publicMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return error.cause.issues[0]?.message ?? 'Invalid input';
  if (error.code === 'INTERNAL_SERVER_ERROR') return INTERNAL_MESSAGE;
  if (error.code === 'PARSE_ERROR') return 'The request body could not be read.';
  return error.message;
}

const t = initTRPC
  .context<Context>()
  .meta<Meta>()
  .create({
    transformer: superjson,
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

/** Domain errors become their status here, once; unreachable PostgreSQL becomes a fast 503. */
const mapErrors = t.middleware(async ({ next, ctx }) => {
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

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;
export const publicProcedure = t.procedure.use(mapErrors);
