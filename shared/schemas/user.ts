import { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants';
import { asName, clearablePhoneNumberField, emailField, missing, phoneNumberField } from './common';

const roleSchema = z.enum(ROLES);

/** The user as the client sees it (SPEC section 3). */
export const userSchema = z.object({
  id: z.number().int(),
  displayName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  createdAt: z.date(),
  role: roleSchema,
});
export type User = z.infer<typeof userSchema>;

export const userResponse = z.object({ user: userSchema });
export const sessionResponse = z.object({ user: userSchema.nullable() });

export const loginInput = z.strictObject({
  email: emailField('Email is required'),
  password: z.string(missing('Password is required')).min(1, 'Password is required').max(1024, 'Password is too long'),
});
export type LoginInput = z.infer<typeof loginInput>;

export const registerInput = z.strictObject({
  email: emailField('Email is required'),
  password: z
    .string({ error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters` })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(1024, 'Password is too long'),
  displayName: z.string(missing('Name is required')).overwrite(asName).min(1, 'Name is required').max(DISPLAY_NAME_MAX_LENGTH, 'Name is too long'),
  /** Only the Phone Number tab sends it; digits are kept so a kiosk can find the patron. */
  phoneNumber: phoneNumberField().optional(),
});
export type RegisterInput = z.infer<typeof registerInput>;

export const establishSessionInput = z.strictObject({
  tempToken: z.string(missing('Temporary token is required')).min(1, 'Temporary token is required').max(512, 'Temporary token is invalid'),
});

export const profileInput = z.strictObject({
  displayName: z
    .string(missing('Display name cannot be empty.'))
    .overwrite(asName)
    .min(1, 'Display name cannot be empty.')
    .max(DISPLAY_NAME_MAX_LENGTH, 'Display name is too long.'),
  email: emailField('Please enter a valid email address.'),
  /**
   * Not in SPEC's payload, so optional (left out, the number stays): a patron who joined online adds the
   * number they identify by at a kiosk, where their email already has an account.
   */
  phoneNumber: clearablePhoneNumberField().optional(),
});
export type ProfileInput = z.infer<typeof profileInput>;

export const upgradeResponse = z.object({ user: userSchema });
