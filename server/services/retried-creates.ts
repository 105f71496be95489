/**
 * A create whose answer was lost (the connection dropped after the commit) is sent again by the user with
 * the same values. Within this window, one that runs into what the same caller made with those very values
 * answers that, as the lost answer would have, rather than report a conflict with their own success.
 * Anything else taken (another caller's, an older one, other values) is still refused.
 */
export const RETRY_WINDOW_SQL = `interval '10 minutes'`;
