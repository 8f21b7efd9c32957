import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { isTokenShaped } from './tokens';

/**
 * The player and spectator invite tokens, kept so that the GM can see them again on any
 * device, yet unreadable without the GM token. At rest the server holds only the GM token's
 * sha-256 and this sealed blob: a copy of the database yields no usable link.
 *
 * Key: HKDF-SHA256 over the GM token (32 random bytes, so no slow password hash is needed),
 * a fresh random salt per sealing, and a fixed info string; AES-256-GCM with a random IV.
 * A fresh salt each time gives each sealing its own key, so an IV is never reused under one.
 * The table id is the additional data: a blob moved to another table's row does not open.
 *
 * Layout: version (1 byte) | salt (16) | iv (12) | tag (16) | ciphertext.
 */
export interface InviteTokens {
  player: string;
  spectator: string;
}

const VERSION = 1;
const INFO = 'fateboard invite links v1';
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + SALT_BYTES + IV_BYTES + TAG_BYTES;

function keyOf(gmToken: string, salt: Uint8Array): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(gmToken, 'utf8'), salt, INFO, 32));
}

const additionalData = (tableId: string) => Buffer.from(`fateboard-table:${tableId}`, 'utf8');

/** Seals `tokens` under a key only `gmToken` gives. */
export function sealLinks(gmToken: string, tableId: string, tokens: InviteTokens): Uint8Array {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(gmToken, salt), iv);
  cipher.setAAD(additionalData(tableId));
  const plain = Buffer.from(JSON.stringify({ p: tokens.player, s: tokens.spectator }), 'utf8');
  const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
  return new Uint8Array(Buffer.concat([Buffer.of(VERSION), salt, iv, cipher.getAuthTag(), sealed]));
}

/**
 * The tokens `sealed` holds, or null when it does not open with `gmToken` for `tableId`
 * (another key, another table, altered bytes, an unknown version).
 */
export function openLinks(
  gmToken: string,
  tableId: string,
  sealed: Uint8Array,
): InviteTokens | null {
  const bytes = Buffer.from(sealed);
  if (bytes.length <= HEADER_BYTES || bytes[0] !== VERSION) return null;
  let at = 1;
  const take = (n: number) => bytes.subarray(at, (at += n));
  const salt = take(SALT_BYTES);
  const iv = take(IV_BYTES);
  const tag = take(TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(gmToken, salt), iv);
    decipher.setAAD(additionalData(tableId));
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(bytes.subarray(at)), decipher.final()]);
    const parsed = JSON.parse(plain.toString('utf8')) as { p?: unknown; s?: unknown };
    if (!isTokenShaped(parsed.p) || !isTokenShaped(parsed.s)) return null;
    return { player: parsed.p, spectator: parsed.s };
  } catch {
    // The tag did not verify: not this GM's, not this table's, or not intact.
    return null;
  }
}
