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
/** A restored seat's claim code (claims.ts), sealed the same way under its own key. */
const CLAIM_INFO = 'fateboard seat claim v1';
const SALT_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + SALT_BYTES + IV_BYTES + TAG_BYTES;

function keyOf(gmToken: string, salt: Uint8Array, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(gmToken, 'utf8'), salt, info, 32));
}

/** What a sealing is bound to: its key's purpose and the bytes it belongs with. */
interface Binding {
  info: string;
  aad: string;
}

const linksOf = (tableId: string): Binding => ({ info: INFO, aad: `fateboard-table:${tableId}` });
const claimOf = (tableId: string, seatId: string): Binding => ({
  info: CLAIM_INFO,
  aad: `fateboard-claim:${tableId}:${seatId}`,
});

function seal(gmToken: string, to: Binding, plain: string): Uint8Array {
  const salt = randomBytes(SALT_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(gmToken, salt, to.info), iv);
  cipher.setAAD(Buffer.from(to.aad, 'utf8'));
  const sealed = Buffer.concat([cipher.update(Buffer.from(plain, 'utf8')), cipher.final()]);
  return new Uint8Array(Buffer.concat([Buffer.of(VERSION), salt, iv, cipher.getAuthTag(), sealed]));
}

/** The text `sealed` holds, or null when it does not open for `gmToken` and `to`. */
function open(gmToken: string, to: Binding, sealed: Uint8Array): string | null {
  const bytes = Buffer.from(sealed);
  if (bytes.length <= HEADER_BYTES || bytes[0] !== VERSION) return null;
  let at = 1;
  const take = (n: number) => bytes.subarray(at, (at += n));
  const salt = take(SALT_BYTES);
  const iv = take(IV_BYTES);
  const tag = take(TAG_BYTES);
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(gmToken, salt, to.info), iv);
    decipher.setAAD(Buffer.from(to.aad, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(bytes.subarray(at)), decipher.final()]).toString('utf8');
  } catch {
    // The tag did not verify: not this GM's, not this table's (or seat's), or not intact.
    return null;
  }
}

/** Seals `tokens` under a key only `gmToken` gives. */
export function sealLinks(gmToken: string, tableId: string, tokens: InviteTokens): Uint8Array {
  return seal(gmToken, linksOf(tableId), JSON.stringify({ p: tokens.player, s: tokens.spectator }));
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
  const plain = open(gmToken, linksOf(tableId), sealed);
  if (plain === null) return null;
  try {
    const parsed = JSON.parse(plain) as { p?: unknown; s?: unknown };
    if (!isTokenShaped(parsed.p) || !isTokenShaped(parsed.s)) return null;
    return { player: parsed.p, spectator: parsed.s };
  } catch {
    return null;
  }
}

/** Seals a restored seat's claim code for the GM, bound to its table and seat. */
export function sealClaim(gmToken: string, tableId: string, seatId: string, code: string) {
  return seal(gmToken, claimOf(tableId, seatId), code);
}

/** The claim code `sealed` holds for that seat, or null. */
export function openClaim(
  gmToken: string,
  tableId: string,
  seatId: string,
  sealed: Uint8Array,
): string | null {
  const code = open(gmToken, claimOf(tableId, seatId), sealed);
  return code !== null && isTokenShaped(code) ? code : null;
}
