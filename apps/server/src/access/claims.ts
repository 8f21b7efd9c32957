import type { RequestHandler } from 'express';
import * as v from 'valibot';
import { readTable } from '@fateboard/table';
import { HttpError } from '../http/http-error';
import type { InviteLinkDeps } from './invite-links';
import { asGm, inviteTokens, linkTo } from './invite-links';
import type { Rooms } from '../room/rooms';
import { openClaim, sealClaim } from './sealed-links';
import type { Storage } from '../storage';
import { hashToken, isTokenShaped, newToken } from './tokens';

/**
 * A restored seat goes back to its player only (docs/PROTOCOL.md, "Claims"). A table restored
 * from a file keeps its seats, but no token for them came along; the player link is shared by
 * everyone, so a seat's id alone proves nothing. The GM hands each returning player a claim
 * link: the player link with a claim code for that one seat. A `join` that takes the seat back
 * carries the code; the server checks it here before the command is applied and tells the
 * reducer only which seat it held for. A code is 32 random bytes, stored as its sha-256 (and
 * sealed under the GM token, so the GM sees the link again on any device), single use (the
 * join drops it in the same transaction), and revocable: a new link for the seat replaces it,
 * the GM may drop it, and removing the seat drops it.
 */

export interface ClaimDeps extends InviteLinkDeps {
  rooms: Rooms;
}

/**
 * A claim link: the player link, and beside the token in the fragment the seat (so the page
 * can greet its player) and its code.
 */
export function claimLink(
  publicUrl: string,
  tableId: string,
  player: string,
  seatId: string,
  code: string,
) {
  const seat = encodeURIComponent(seatId);
  return `${linkTo(publicUrl, tableId, player)}&seat=${seat}&claim=${code}`;
}

/**
 * The restored seat a join's claim code holds for, read from storage; undefined for anything
 * else (no claim, a code of another seat or table, a used or replaced one).
 */
export async function claimedSeatOf(
  storage: Storage,
  tableId: string,
  input: unknown,
): Promise<string | undefined> {
  if (!carriesClaim(input)) return undefined;
  const { claim, seatId } = input as { claim: string; seatId: unknown };
  if (typeof seatId !== 'string') return undefined;
  const found = await storage.findClaim(hashToken(claim));
  return found?.tableId === tableId && found.seatId === seatId ? seatId : undefined;
}

/** A join whose claim is worth a look in storage: anything else is answered as it comes. */
export function carriesClaim(input: unknown): boolean {
  if (typeof input !== 'object' || input === null) return false;
  const { type, claim } = input as { type?: unknown; claim?: unknown };
  return type === 'join' && isTokenShaped(claim);
}

/** The seats of the table that wait for their players (restored, not taken back yet). */
async function waitingSeats(deps: ClaimDeps, tableId: string): Promise<Set<string>> {
  const seats = await deps.rooms.read(tableId, (room) => readTable(room.doc('pub')).seats);
  if (!seats) throw new HttpError(404, 'not-found', 'No such table.');
  return new Set(seats.filter((s) => s.restored).map((s) => s.id));
}

/**
 * `GET /api/tables/:id/claims`, GM only: the claim link of every seat still waiting that has
 * one, with the current player link (a rotation of the links shows in them at once).
 */
export function claimsRoute(deps: ClaimDeps): RequestHandler {
  return async (req, res) => {
    const { tableId, token } = await asGm(deps, req, 'Only the GM can see the claim links.');
    const waiting = await waitingSeats(deps, tableId);
    const claims = (await deps.storage.claims(tableId)).filter((c) => waiting.has(c.seatId));
    const player = claims.length > 0 ? (await inviteTokens(deps, tableId, token)).player : '';
    res.set('Cache-Control', 'no-store');
    res.json({
      claims: claims.flatMap((c) => {
        const code = openClaim(token, tableId, c.seatId, c.sealed);
        if (code === null) return [];
        return [
          { seatId: c.seatId, link: claimLink(deps.publicUrl(), tableId, player, c.seatId, code) },
        ];
      }),
    });
  };
}

const NewClaimBody = v.strictObject({
  seatId: v.pipe(v.string(), v.minLength(1), v.maxLength(64)),
});

/**
 * `POST /api/tables/:id/claims` `{ seatId }`, GM only: a new claim link for a waiting seat; the
 * seat's earlier one (if any) no longer holds.
 */
export function newClaimRoute(deps: ClaimDeps): RequestHandler {
  return async (req, res) => {
    const { tableId, token } = await asGm(deps, req, 'Only the GM can hand out claim links.');
    const body = v.safeParse(NewClaimBody, req.body);
    if (!body.success) throw new HttpError(400, 'bad-request', 'seatId must be a seat id.');
    const { seatId } = body.output;
    if (!(await waitingSeats(deps, tableId)).has(seatId)) {
      throw new HttpError(
        409,
        'not-waiting',
        'That seat does not wait for its player: only a restored seat not taken back has a claim.',
      );
    }
    const { player } = await inviteTokens(deps, tableId, token);
    const code = newToken();
    await deps.storage.putClaim({
      tableId,
      seatId,
      hash: hashToken(code),
      sealed: sealClaim(token, tableId, seatId, code),
      created: deps.clock(),
    });
    res.set('Cache-Control', 'no-store');
    res.json({ seatId, link: claimLink(deps.publicUrl(), tableId, player, seatId, code) });
  };
}

/** `DELETE /api/tables/:id/claims/:seatId`, GM only: the seat's claim link no longer holds. */
export function dropClaimRoute(deps: ClaimDeps): RequestHandler {
  return async (req, res) => {
    const { tableId } = await asGm(deps, req, 'Only the GM can revoke a claim link.');
    const seatId = req.params.seatId;
    if (typeof seatId !== 'string' || seatId.length === 0 || seatId.length > 64) {
      throw new HttpError(400, 'bad-request', 'seatId must be a seat id.');
    }
    await deps.storage.dropClaim(tableId, seatId);
    res.status(204).end();
  };
}
