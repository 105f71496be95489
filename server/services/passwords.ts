import argon2 from 'argon2';

/** OWASP's argon2id parameters: 19 MiB memory, 2 iterations, parallelism 1. */
const options = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, options);

/** Verified against a fixed hash when the account does not exist, so failures take the same time. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | null | undefined, password: string) {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password-0');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return argon2.verify(hash, password).catch(() => false);
}
