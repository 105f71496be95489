import { isOnline } from './connection';

/**
 * placeholderData for a list or figures asked again with a new search or period: the last answer stays on
 * screen while the new one loads. Offline nothing loads, and it would stand as the new one's answer (every
 * rental under a search that matches none, 30 days' figures under '7 days'), so there is none until then.
 */
export const keepPreviousWhileOnline = <T>(previous: T | undefined) => (isOnline() ? previous : undefined);
