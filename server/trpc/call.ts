import type { AnyTRPCProcedure } from '@trpc/server';
import { appRouter } from '../routers';
import type { Context } from './context';

/** A procedure of the app's router, callable as tRPC's own handlers and server-side caller call it. */
export type Procedure = AnyTRPCProcedure & ((opts: object) => Promise<unknown>);

/** Every procedure by its dotted path ('books.list'), as /trpc and /_api find them. */
export const procedures = appRouter._def.procedures as unknown as Record<string, Procedure | undefined>;

/**
 * Runs a procedure's middlewares, input and output checks and resolver, as tRPC does for a call:
 * no caller proxy and no Fetch Request per call. `getRawInput` is read by the input checks.
 */
export function callProcedure(procedure: Procedure, call: { path: string; ctx: Context; getRawInput: () => Promise<unknown>; batchIndex?: number }) {
  return procedure({ path: call.path, type: procedure._def.type, ctx: call.ctx, batchIndex: call.batchIndex ?? 0, signal: undefined, getRawInput: call.getRawInput });
}
