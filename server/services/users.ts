import type { EntityManager } from '@mikro-orm/postgresql';
import type { Role } from '../../shared/constants';
import type { User } from '../../shared/schemas';
import { query, toDate } from '../db/sql';

/** A users row as selected by userColumns(). */
export interface UserRow {
  id: number;
  email: string;
  display_name: string;
  avatar_url: string | null;
  phone_number: string | null;
  role: Role;
  /** As PostgreSQL writes it (toDate reads it). */
  created_at: string;
}

export const userColumns = (alias: string) =>
  ['id', 'email', 'display_name', 'avatar_url', 'phone_number', 'role', 'created_at'].map((c) => `${alias}.${c}`).join(', ');

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    displayName: row.display_name,
    email: row.email,
    avatarUrl: row.avatar_url,
    phoneNumber: row.phone_number,
    createdAt: toDate(row.created_at),
    role: row.role,
  };
}

/** A taken phone number's 409 (http/error-response.ts); a taken email's text is in shared/accounts.ts. */
export const PHONE_IN_USE = 'Phone number already in use';

export async function insertUser(
  em: EntityManager,
  values: { email: string; displayName: string; passwordHash?: string | null; phoneNumber?: string | null; avatarUrl?: string | null; role?: Role },
): Promise<UserRow> {
  const rows = await query<UserRow>(
    em,
    `insert into users (email, display_name, password_hash, phone_number, avatar_url, role)
     values (?, ?, ?, ?, ?, ?) returning ${userColumns('users')}`,
    [values.email, values.displayName, values.passwordHash ?? null, values.phoneNumber ?? null, values.avatarUrl ?? null, values.role ?? 'customer'],
  );
  return rows[0];
}

export async function findUserBy(em: EntityManager, column: 'id' | 'email' | 'phone_number', value: string | number) {
  const rows = await query<UserRow & { password_hash: string | null }>(em, `select ${userColumns('u')}, u.password_hash from users u where u.${column} = ?`, [
    value,
  ]);
  return rows[0] ?? null;
}
