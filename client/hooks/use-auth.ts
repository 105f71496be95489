import { trpc } from '../trpc';

const SESSION_QUERY = { staleTime: Infinity, gcTime: Infinity, retry: 1 } as const;

/**
 * The signed-in user. The session is cached indefinitely and retried once (SPEC section 4).
 * A failed check counts as signed out, with its message.
 */
export function useAuth() {
  const session = trpc.auth.session.useQuery(undefined, SESSION_QUERY);
  const user = session.data?.user ?? null;
  return {
    user,
    isLoading: session.isLoading,
    isAuthenticated: !!user,
    error: session.isError ? session.error.message || 'Session check failed' : null,
  };
}

/**
 * Whether someone is signed in, for a page that needs only that: false until the session check says
 * otherwise. Unlike useAuth, the end of the check re-renders the page only when the answer is yes.
 */
export function useIsAuthenticated(): boolean {
  return trpc.auth.session.useQuery(undefined, { ...SESSION_QUERY, placeholderData: { user: null }, select: (session) => !!session.user }).data === true;
}

/** Logout clears the cached user at once, then tells the server. */
export function useLogout() {
  const utils = trpc.useUtils();
  const logout = trpc.auth.logout.useMutation();
  return async () => {
    utils.auth.session.setData(undefined, { user: null });
    await logout.mutateAsync({}).catch(() => undefined);
    utils.invalidate();
  };
}
