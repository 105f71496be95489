/**
 * A guard that sends to the sign-in page a user whose session check failed (who may well be signed in)
 * notes in the history entry the page they asked for; once the check, asked again there, finds them
 * signed in, they go back to it rather than home. Only a path of this site is taken back.
 */
const KEY = 'returnAfterCheck';

export const returnAfterCheckState = () => ({ [KEY]: window.location.pathname + window.location.search });

export function returnAfterCheck(): string {
  const path = (window.history.state as Record<string, unknown> | null)?.[KEY];
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}
