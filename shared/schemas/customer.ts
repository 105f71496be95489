import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, KIOSK_DISPLAY_NAME_MIN_LENGTH, PHONE_MAX_DIGITS } from '../constants';
import { asName, emailField, libraryIdField, missing, pageFields, phoneDigits, phoneNumberField, searchField } from './common';
import { userSchema } from './user';

/** A user as their library's staff see them: without the picture. */
export const customerSchema = userSchema.omit({ avatarUrl: true });
export type Customer = z.infer<typeof customerSchema>;

export const CUSTOMERS_PAGE_DEFAULT = 50;
const CUSTOMERS_PAGE_MAX = 200;

export const customersQuery = z.strictObject({
  libraryId: libraryIdField(),
  search: searchField,
  /** By name; the server applies CUSTOMERS_PAGE_DEFAULT when no limit is given. */
  ...pageFields(CUSTOMERS_PAGE_MAX),
});
/** Each customer's createdAt here is the day they joined this library (SPEC's 'Joined'), not their account's. */
export const customersResponse = z.object({ customers: z.array(customerSchema) });

export const customerLookupInput = z.strictObject({
  libraryId: libraryIdField(),
  phoneNumber: z.string(missing('Phone number is required')).transform(phoneDigits).pipe(z.string().min(1, 'Phone number is required').max(PHONE_MAX_DIGITS, 'Phone number is too long')),
});
export const customerResponse = z.object({ customer: customerSchema });

export const customerRegisterInput = z.strictObject({
  libraryId: libraryIdField(),
  displayName: z
    .string({ error: 'Display name must be at least 2 characters' })
    .overwrite(asName)
    .min(KIOSK_DISPLAY_NAME_MIN_LENGTH, 'Display name must be at least 2 characters')
    .max(DISPLAY_NAME_MAX_LENGTH, 'Display name is too long'),
  email: emailField('Invalid email address'),
  phoneNumber: phoneNumberField(),
});

/** The kiosk registration form's own wording (SPEC section 5). */
export const kioskRegistrationForm = z.object({
  displayName: z
    .string()
    .overwrite(asName)
    .min(KIOSK_DISPLAY_NAME_MIN_LENGTH, 'Name must be at least 2 characters.')
    // Checked on its own field, rather than refused by the server on the email field as its errors are shown.
    .max(DISPLAY_NAME_MAX_LENGTH, 'Name is too long.'),
  email: z.string().trim().pipe(z.email({ error: 'Please enter a valid email address.' })),
});
