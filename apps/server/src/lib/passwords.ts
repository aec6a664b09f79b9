import { hash, verify } from '@node-rs/argon2';

// argon2id with the library defaults (m=19456 KiB, t=2, p=1): the OWASP / ASVS 5.0 minimum.
export const hashPassword = (password: string) => hash(password);

/** The stored hash of a closed account: no password matches it. */
export const CLOSED_PASSWORD = '!closed';

// Verified against when the username is unknown or the account closed, so every failure takes about
// the same time.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hashed: string | undefined, password: string): Promise<boolean> {
  if (!hashed?.startsWith('$argon2')) {
    dummyHash ??= hash('dalil-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(hashed, password).catch(() => false);
}
