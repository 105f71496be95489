import type { EntityManager } from '@mikro-orm/postgresql';
import type { ProfileInput } from '../../shared/schemas';
import { forbidden, notFound } from '../errors';
import { query } from '../db/sql';
import { hit, LIMITS } from './rate-limits';
import { type UserRow, userColumns } from './users';

const returning = `returning ${userColumns('users')}`;
const UPDATE_NAME_AND_EMAIL = `update users set display_name = ?, email = ?, updated_at = now() where id = ? ${returning}`;
const UPDATE_WITH_PHONE = `update users set display_name = ?, email = ?, phone_number = ?, updated_at = now() where id = ? ${returning}`;

/**
 * An email or phone number another account has is refused with 409 (users_email_unique and
 * users_phone_number_unique, mapped in http/error-response.ts). A phone number left out stays as it is.
 * That refusal tells whether someone has the email or number, so each account may try other ones a
 * bounded number of times (LIMITS.contactChange, refusals included); a change of name alone is not counted.
 */
export async function updateProfile(em: EntityManager, user: UserRow, input: ProfileInput): Promise<UserRow> {
  const newPhone = input.phoneNumber !== undefined && input.phoneNumber !== user.phone_number;
  if (input.email !== user.email || newPhone) await hit(em, [LIMITS.contactChange(user.id)]);
  const rows =
    input.phoneNumber === undefined
      ? await query<UserRow>(em, UPDATE_NAME_AND_EMAIL, [input.displayName, input.email, user.id])
      : await query<UserRow>(em, UPDATE_WITH_PHONE, [input.displayName, input.email, input.phoneNumber, user.id]);
  if (!rows[0]) throw notFound('User not found.');
  return rows[0];
}

const NOT_ELIGIBLE = 'You are not eligible for an upgrade.';

/** customer -> library_admin (the caller starts a new session: the privileges changed). */
export async function upgradeToLibraryAdmin(em: EntityManager, userId: number): Promise<UserRow> {
  const rows = await query<UserRow>(
    em,
    `update users set role = 'library_admin', updated_at = now() where id = ? and role = 'customer' returning ${userColumns('users')}`,
    [userId],
  );
  if (!rows[0]) throw forbidden(NOT_ELIGIBLE);
  return rows[0];
}
