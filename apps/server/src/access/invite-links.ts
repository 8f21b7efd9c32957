import type { Request, RequestHandler } from 'express';
import type { Identity } from './auth';
import { tokenOf } from './auth';
import type { Connections } from '../socketio/connections';
import { HttpError } from '../http/http-error';
import { openLinks } from './sealed-links';
import type { InviteTokens } from './sealed-links';
import type { Storage } from '../storage';
import { rotateLinks } from '../room/tables';
import { hashToken } from './tokens';
import type { Log } from '../ops/logger';

/**
 * The GM's invite links (docs/PROTOCOL.md, "Invite links"): shown again to the GM link on any
 * device, and replaced by it. Only the GM token opens the sealed copy the server keeps
 * (sealed-links.ts); every other token is refused before anything is read.
 */
export interface InviteLinkDeps {
  storage: Storage;
  connections: Connections;
  clock: () => number;
  /** Where links point; known once the server listens. */
  publicUrl: () => string;
  authorize: (req: Request) => Promise<Identity>;
  log: Log;
}

export function linkTo(publicUrl: string, tableId: string, token: string): string {
  // The token sits in the fragment: browsers never send it, so it stays out of logs and Referer.
  return `${publicUrl}/t/${tableId}#token=${token}`;
}

/** The request's identity and token, when that token is the GM's. */
export async function asGm(deps: Pick<InviteLinkDeps, 'authorize'>, req: Request, refusal: string) {
  const identity = await deps.authorize(req);
  if (identity.role !== 'gm') throw new HttpError(403, 'forbidden', refusal);
  // authorize() has just checked this token; it is the one the GM link carries.
  const token = tokenOf(req.get('authorization'), req.query.token)!;
  return { tableId: identity.tableId, token };
}

const NOT_KEPT =
  'The server has no copy of these links: the table was made before it kept them for the GM. ' +
  'Replace the links to see them here and on every device you open the GM link on.';

/** `GET /api/tables/:id/links`, GM only: the current invite links, unsealed. */
export function linksRoute(deps: InviteLinkDeps): RequestHandler {
  return async (req, res) => {
    const { tableId, token } = await asGm(deps, req, 'Only the GM can see the invite links.');
    const tokens = await inviteTokens(deps, tableId, token);
    res.set('Cache-Control', 'no-store');
    res.json({
      links: {
        gm: linkTo(deps.publicUrl(), tableId, token),
        player: linkTo(deps.publicUrl(), tableId, tokens.player),
        spectator: linkTo(deps.publicUrl(), tableId, tokens.spectator),
      },
    });
  };
}

/**
 * The table's current player and spectator tokens, unsealed with the GM token; `links-not-kept`
 * when the server has none that still work.
 */
export async function inviteTokens(
  deps: Pick<InviteLinkDeps, 'storage' | 'log'>,
  tableId: string,
  token: string,
): Promise<InviteTokens> {
  const sealed = await deps.storage.sealedLinks(tableId);
  const tokens = sealed ? openLinks(token, tableId, sealed) : null;
  if (sealed && !tokens) {
    deps.log('the sealed links do not open with the GM token', undefined, tableId);
  }
  // Links the server would refuse are never shown as if they worked.
  const records =
    tokens === null
      ? []
      : await Promise.all(
          [tokens.player, tokens.spectator].map((t) => deps.storage.findToken(hashToken(t))),
        );
  const live =
    tokens !== null &&
    records.every(
      (record) => record?.tableId === tableId && record.kind === 'link' && !record.revoked,
    );
  if (!tokens || !live) throw new HttpError(404, 'links-not-kept', NOT_KEPT);
  return tokens;
}

/**
 * `POST /api/tables/:id/rotate-links`, GM only: new player and spectator links. Seat tokens of
 * players who already joined keep working; everyone still on an old link is disconnected.
 */
export function rotateLinksRoute(deps: InviteLinkDeps): RequestHandler {
  return async (req, res) => {
    const { tableId, token } = await asGm(deps, req, 'Only the GM can replace the links.');
    const { tokens, revoked } = await rotateLinks(deps.storage, tableId, token, deps.clock());
    const closed = deps.connections.closeTokens(
      tableId,
      revoked,
      'The GM replaced this link; ask for the new one.',
    );
    // The GM's other devices show the links too: they fetch the new ones now.
    deps.connections.linksRotated(tableId);
    res.set('Cache-Control', 'no-store');
    res.json({
      links: {
        player: linkTo(deps.publicUrl(), tableId, tokens.player),
        spectator: linkTo(deps.publicUrl(), tableId, tokens.spectator),
      },
      closedConnections: closed,
    });
  };
}
