import { z } from 'zod';
import { libraryIdField, MAX_ID, optionalQueryBoolean, pageFields, positiveId, queryInt, searchField } from './common';
import { payloadIsbn } from './book';

/** A rent refused because every copy is out; the scan dialog says it before asking (SPEC section 8's conflict). */
export const NO_COPIES = 'No copies of this book are available right now.';

const rentalSchema = z.object({
  rentalId: z.number().int(),
  bookId: z.number().int(),
  libraryId: z.number().int(),
  userId: z.number().int(),
  bookTitle: z.string(),
  bookAuthor: z.string(),
  bookIsbn: z.string(),
  thumbnailUrl: z.string().nullable(),
  fullImageUrl: z.string().nullable(),
  rentedAt: z.date().nullable(),
  returnedAt: z.date().nullable(),
  userDisplayName: z.string(),
  userEmail: z.string(),
});
export type Rental = z.infer<typeof rentalSchema>;

/** One rental on its own (the answer of a rent or a return): SPEC section 3 names its customer customerId, the list shape userId. */
const rentalRecordSchema = rentalSchema.omit({ userId: true }).extend({ customerId: z.number().int() });
export type RentalRecord = z.infer<typeof rentalRecordSchema>;

/** Rent payloads carry customerId 0 when the client has no signed-in user; the server uses the session. */
export const rentInput = z.strictObject({
  isbn: payloadIsbn,
  libraryId: libraryIdField(),
  customerId: queryInt('Customer ID must be a positive integer', 0, MAX_ID),
});

export const kioskRentalInput = rentInput.extend({ customerId: positiveId('Customer ID must be a positive integer') });

export const returnInput = z.strictObject({ rentalId: positiveId('Rental ID must be a positive integer') });

/** A library's rentals come a page at a time (as its books do): 50 cards is what the staff tab shows first. */
export const RENTALS_PAGE_DEFAULT = 50;
const RENTALS_PAGE_MAX = 200;

export const rentalsQuery = z.strictObject({
  libraryId: libraryIdField(),
  includeReturned: optionalQueryBoolean(),
  /** One customer's rentals at this library (the kiosk's 'Current Rentals'). */
  customerId: positiveId('Customer ID must be a positive integer').optional(),
  /** Rentals whose book's title or author, or customer's name or email, holds this text (any case). */
  search: searchField,
  /**
   * Newest first. Without a limit a library's list is cut at RENTALS_PAGE_DEFAULT, but one customer's
   * list is answered whole: the kiosk shows its count ('Current Rentals (N)'), which must be exact.
   */
  ...pageFields(RENTALS_PAGE_MAX),
});

export const myRentalsQuery = z.strictObject({
  libraryId: libraryIdField().optional(),
  includeReturned: optionalQueryBoolean(),
});

export const rentalsResponse = z.array(rentalSchema);

/** One of the signed-in user's own rentals, at whichever library: the profile lists them all, out and returned. */
const ownRentalSchema = rentalSchema
  .pick({ rentalId: true, bookId: true, libraryId: true, bookTitle: true, bookAuthor: true, bookIsbn: true, thumbnailUrl: true, fullImageUrl: true, rentedAt: true, returnedAt: true })
  .extend({ libraryName: z.string() });
export type OwnRental = z.infer<typeof ownRentalSchema>;
export const ownRentalsResponse = z.array(ownRentalSchema);

/** The profile's rental history, the returned rentals, a page at a time (latest rented first). */
export const RENTAL_HISTORY_PAGE_DEFAULT = 20;
export const rentalHistoryQuery = z.strictObject({ ...pageFields(RENTALS_PAGE_MAX) });
export const rentResponse = z.object({ rental: rentalRecordSchema });
export const returnResponse = z.object({ rental: rentalRecordSchema });
