import type { Role } from '@fateboard/table';
import type { Storage } from '../storage';
import { hashToken, isTokenShaped } from './tokens';

/** Who a token speaks for. */
export interface Identity {
  tableId: string;
  role: Role;
  seatId?: string;
  tokenHash: string;
}

export type AuthResult =
  | { ok: true; identity: Identity }
  | { ok: false; code: 'invalid-token' | 'revoked-token'; message: string };

/** Resolves a presented token; a revoked token is told apart so the client can say why. */
export async function authenticate(storage: Storage, token: unknown): Promise<AuthResult> {
  if (!isTokenShaped(token)) {
    return { ok: false, code: 'invalid-token', message: 'This link is not valid.' };
  }
  const tokenHash = hashToken(token);
  const record = await storage.findToken(tokenHash);
  if (!record) return { ok: false, code: 'invalid-token', message: 'This link is not valid.' };
  if (record.revoked) {
    // A link is revoked by a rotation, a seat token only by the GM removing the seat.
    return {
      ok: false,
      code: 'revoked-token',
      message:
        record.kind === 'seat'
          ? 'The GM removed your seat from this table.'
          : 'This link was replaced by the GM; ask for the new one.',
    };
  }
  const identity: Identity = { tableId: record.tableId, role: record.role, tokenHash };
  if (record.seatId !== null) identity.seatId = record.seatId;
  return { ok: true, identity };
}

/** The bearer token of a request: `Authorization: Bearer …` or `?token=…`. */
export function tokenOf(authorization: string | undefined, query: unknown): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  if (match) return match[1];
  return typeof query === 'string' ? query : undefined;
}

/**
 * Browsers send an Origin; other clients (bots, overlays in OBS, tests) do not. A request
 * with an Origin must come from the server's own origin or one allowed explicitly.
 */
export function originAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  if (host === undefined) return false;
  return origin === `http://${host}` || origin === `https://${host}`;
}
