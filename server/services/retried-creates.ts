/**
 * A create whose answer was lost (the connection dropped after the commit) is sent again by the user with
 * the same values. Where a create carries nothing but its values (a kiosk registration), one that runs into
 * what the same caller made with those very values within this window answers that, as the lost answer
 * would have, rather than report a conflict with their own success. Anything else taken (another caller's,
 * an older one, other values) is still refused. Values cannot tell a resend from a second create made on
 * purpose: where that matters, a create carries a request key instead (a library's, services/libraries.ts).
 */
export const RETRY_WINDOW_SQL = `interval '10 minutes'`;
