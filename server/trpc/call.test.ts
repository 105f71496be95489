import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { notFound } from '../errors';
import { callProcedure, type Procedure } from './call';
import type { Context } from './context';
import { middleware, publicProcedure, syncOutput } from './init';

// A context as far as these procedures read it.
const ctx = { clientIp: '127.0.0.1', reply: { header: () => undefined } } as unknown as Context;
const call = (procedure: unknown, rawInput: unknown) => callProcedure(procedure as Procedure, { path: 'test', ctx, getRawInput: async () => rawInput });

describe('callProcedure', () => {
  const withLibrary = middleware(({ next }) => next({ ctx: { library: 'Central' } }));
  const echo = publicProcedure
    .input(z.object({ libraryId: z.number() }))
    .use(withLibrary)
    .input(z.object({ isbn: z.string() }))
    .output(syncOutput(z.object({ libraryId: z.number(), isbn: z.string(), library: z.string(), clientIp: z.string() })))
    .query(({ ctx, input }) => ({ ...input, library: ctx.library, clientIp: ctx.clientIp }));

  it('hands the resolver every input merged and the context a middleware added, beside the original', async () => {
    expect(await call(echo, { libraryId: 3, isbn: '978' })).toEqual({ libraryId: 3, isbn: '978', library: 'Central', clientIp: '127.0.0.1' });
  });

  it('answers the checked output: a field the output schema does not name never leaves', async () => {
    const user = publicProcedure
      .output(syncOutput(z.object({ id: z.number(), email: z.string() })))
      .query(() => ({ id: 7, email: 'reader@scroll.test', passwordHash: '$argon2id$secret' }));
    expect(await call(user, undefined)).toEqual({ id: 7, email: 'reader@scroll.test' });
  });

  it('refuses input that fails a check as BAD_REQUEST, before the resolver runs', async () => {
    let ran = false;
    const guarded = publicProcedure.input(z.object({ n: z.number() })).query(() => (ran = true));
    await expect(call(guarded, { n: 'x' })).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    expect(ran).toBe(false);
  });

  it('turns a domain error into its status, and a wrong output into an internal error', async () => {
    const missing = publicProcedure.query(() => {
      throw notFound('Book not found.');
    });
    await expect(call(missing, undefined)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Book not found.' });
    const wrong = publicProcedure.output(syncOutput(z.object({ id: z.number() }))).query(() => ({ id: 'one' }) as unknown as { id: number });
    const error = await call(wrong, undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(error).toMatchObject({ code: 'INTERNAL_SERVER_ERROR' });
  });
});
