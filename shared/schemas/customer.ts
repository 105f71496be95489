import { z } from 'zod';
import { KIOSK_DISPLAY_NAME_MIN_LENGTH, KIOSK_PHONE_MIN_DIGITS } from '../constants';
import { positiveId } from './common';
import { roleSchema } from './user';

export const customerSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  createdAt: z.date(),
  role: roleSchema,
});
export type Customer = z.infer<typeof customerSchema>;

export const customersQuery = z.strictObject({
  libraryId: positiveId('Library ID must be a positive integer'),
  search: z.string().trim().max(200, 'Search text is too long').optional(),
});
export const customersResponse = z.object({ customers: z.array(customerSchema) });

/** Phone numbers are kept as digits only. */
export const phoneDigits = (v: string) => v.replace(/\D/g, '');

export const customerLookupInput = z.strictObject({
  libraryId: positiveId('Library ID must be a positive integer'),
  phoneNumber: z.string({ error: 'Phone number is required' }).transform(phoneDigits).pipe(z.string().min(1, 'Phone number is required').max(15, 'Phone number is too long')),
});
export const customerResponse = z.object({ customer: customerSchema });

export const customerRegisterInput = z.strictObject({
  libraryId: positiveId('Library ID must be a positive integer'),
  displayName: z
    .string({ error: 'Display name must be at least 2 characters' })
    .trim()
    .min(KIOSK_DISPLAY_NAME_MIN_LENGTH, 'Display name must be at least 2 characters')
    .max(100, 'Display name is too long'),
  email: z.string({ error: 'Invalid email address' }).trim().toLowerCase().pipe(z.email({ error: 'Invalid email address' }).max(254, 'Invalid email address')),
  phoneNumber: z
    .string({ error: 'Phone number seems too short' })
    .transform(phoneDigits)
    .pipe(z.string().min(KIOSK_PHONE_MIN_DIGITS, 'Phone number seems too short').max(15, 'Phone number is too long')),
});

/** The kiosk registration form's own wording (SPEC section 5). */
export const kioskRegistrationForm = z.object({
  displayName: z.string().trim().min(KIOSK_DISPLAY_NAME_MIN_LENGTH, 'Name must be at least 2 characters.'),
  email: z.string().trim().pipe(z.email({ error: 'Please enter a valid email address.' })),
});
