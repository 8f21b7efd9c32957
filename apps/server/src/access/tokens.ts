import { createHash, randomBytes } from 'node:crypto';

/** A fresh unguessable token: 32 random bytes, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is ever stored; the token itself lives in the link and the client. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A table id: 12 random bytes, base64url (16 characters, safe in URLs and document names). */
export function newTableId(): string {
  return randomBytes(12).toString('base64url');
}

/** Tokens are exactly 43 base64url characters; anything else is refused before hashing. */
export function isTokenShaped(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
}

/** A cryptographic Rng in [0, 1): 48 random bits scaled down (never 1). */
export function cryptoRng(): number {
  return randomBytes(6).readUIntBE(0, 6) / 2 ** 48;
}
