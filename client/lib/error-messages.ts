/**
 * SPEC section 8's fallbacks for data calls, the whole list in one place. A failure shows the
 * server's message when it sent one; otherwise the call's own fallback. Some entries name calls the
 * app makes under another entry or words on its own screen (the add-book toast's 'Failed to add
 * book.'), so not every entry here is read.
 */
export const callFallbacks = {
  fetchBooks: 'Failed to fetch books',
  rentBook: 'Failed to rent book',
  returnBook: 'Failed to return book',
  fetchLibraries: 'Failed to fetch libraries',
  createLibrary: 'Failed to create library',
  fetchRentals: 'Failed to fetch rentals',
  fetchReviews: 'Failed to fetch book reviews',
  postReview: 'Failed to post review',
  addBook: 'Failed to add book to library',
  updateQuantity: 'Failed to update book quantity',
  fetchCustomers: 'Failed to fetch customers',
  checkBookStatus: 'Failed to check book status',
  returnScannedBook: 'Failed to return book.',
  lookupCustomer: 'Failed to lookup customer',
  findCustomer: 'Failed to find customer.',
  registerCustomer: 'Failed to register customer',
  createKioskRental: 'Failed to create kiosk rental',
  kioskRental: 'Rental failed.',
  kioskReturn: 'Book return failed.',
  upgradeAccount: 'Failed to upgrade account.',
  updateProfile: 'Failed to update profile',
  unknown: 'An unknown error occurred',
} as const;

/**
 * A request that got no answer at all: the server is down or the connection dropped though the browser
 * thinks it is online (offline, reads wait and changes are refused first). The browser's own words for
 * it ('Failed to fetch', 'NetworkError when attempting to fetch resource.') say nothing to a reader.
 */
export const SERVER_UNREACHABLE_MESSAGE = 'Could not reach the server. Check your connection and try again.';

/** A request that failed without a body we could read (the tRPC link raises it, see lib/fetch-with-status.ts). */
export const requestFailedMessage = (status: number) => `Request failed with status ${status}`;

/** The server's text when present, else the fallback. */
export function errorMessage(error: unknown, fallback: string = callFallbacks.unknown): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  if (typeof error === 'string' && error.trim()) return error;
  return fallback;
}

/** Profile saves: 'Update failed: {message}', with a fixed text when the failure is not an error at all. */
export function profileUpdateError(error: unknown): string {
  if (!(error instanceof Error)) return 'Update failed: An unknown error occurred.';
  return `Update failed: ${errorMessage(error, callFallbacks.updateProfile)}`;
}

export const createLibraryError = (error: unknown) => `Failed to create library: ${errorMessage(error, callFallbacks.createLibrary)}`;

/** Review load errors: their message, or a fixed text when the failure is not an error at all. */
export function reviewsLoadError(error: unknown): string {
  return error instanceof Error ? errorMessage(error, callFallbacks.fetchReviews) : 'An unknown error occurred.';
}
