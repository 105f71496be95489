import { z } from 'zod';

/** What the sign-in popup posts to the window that opened it (SPEC section 7, oauth_authorize). */
export const oauthMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('OAUTH_TOKEN_SUCCESS'), token: z.string() }),
  z.object({
    type: z.literal('OAUTH_ERROR'),
    error: z.object({ code: z.string(), message: z.string(), details: z.record(z.string(), z.unknown()) }),
  }),
]);
export type OAuthMessage = z.infer<typeof oauthMessageSchema>;

/** The error code of an email whose account signs in another way; the client shows 'Account Already Exists'. */
export const ACCOUNT_LINKING_REQUIRED_CODE = 'account_linking_required';

/** An OAuth error's text when there is nothing more to say (SPEC section 8). */
export const AUTHENTICATION_FAILED = 'Authentication failed. Please try again.';
