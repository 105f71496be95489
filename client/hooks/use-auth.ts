import { trpc } from '../trpc';

/**
 * The signed-in user. The session is cached indefinitely and retried once (SPEC section 4).
 * A failed check counts as signed out, with its message.
 */
export function useAuth() {
  const session = trpc.auth.session.useQuery(undefined, { staleTime: Infinity, gcTime: Infinity, retry: 1 });
  const user = session.data?.user ?? null;
  return {
    user,
    isLoading: session.isLoading,
    isAuthenticated: !!user,
    error: session.isError ? session.error.message || 'Session check failed' : null,
  };
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
