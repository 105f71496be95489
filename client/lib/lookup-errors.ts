/** The book-lookup failure text of SPEC section 8. */
export function lookupErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message.trim() : '';
  return message ? `Failed to lookup book by ISBN: ${message}` : 'An unknown error occurred during book lookup.';
}
