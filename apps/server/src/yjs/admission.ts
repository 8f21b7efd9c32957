import { CLOSE, protocolMatches } from '@fateboard/table';
import type { DocKey } from '@fateboard/table';
import { authenticate, type Identity } from '../access/auth';
import type { TableRoom } from '../room/room';
import type { Rooms } from '../room/rooms';
import type { Storage } from '../storage';
import type { Log } from '../ops/logger';

/** `/yjs/table/<id>` and `/yjs/table/<id>/gm`. */
const PATH = /^\/yjs\/table\/([A-Za-z0-9_-]{1,64})(\/gm)?$/;

/**
 * A y-websocket connection let in, its room loaded (retain it when the socket is accepted,
 * release it on close), or why not.
 */
export type Admission =
  | {
      ok: true;
      tableId: string;
      key: DocKey;
      identity: Identity;
      room: TableRoom;
      /** A stream overlay's replica (`view=overlay`): presence counts it apart. */
      overlay: boolean;
    }
  | { ok: false; code: number; reason: string };

export interface AdmissionDeps {
  storage: Storage;
  rooms: Rooms;
  log: Log;
}

/**
 * Decides whether an upgraded connection to `url` may read the document it names: a known
 * path, this protocol version, a valid token for that table, the GM document for the GM only,
 * and a table that exists. The refusal is a 44xx close code and a reason, sent after the
 * upgrade, because a browser cannot read the HTTP status of a failed upgrade and would retry
 * forever.
 */
export async function admit(url: URL, deps: AdmissionDeps): Promise<Admission> {
  const refuse = (code: number, reason: string): Admission => ({ ok: false, code, reason });
  const match = PATH.exec(url.pathname);
  if (!match) return refuse(CLOSE.notFound, 'no such document');
  if (!protocolMatches(url.searchParams.get('protocol') ?? undefined)) {
    return refuse(CLOSE.outdated, 'outdated-client');
  }
  const tableId = match[1]!;
  const key: DocKey = match[2] ? 'gm' : 'pub';
  let auth;
  try {
    auth = await authenticate(deps.storage, url.searchParams.get('token') ?? undefined);
  } catch (error) {
    deps.log('token lookup failed', error);
    return refuse(CLOSE.unavailable, 'storage unavailable');
  }
  if (!auth.ok) return refuse(CLOSE.unauthorized, auth.code);
  const { identity } = auth;
  if (identity.tableId !== tableId) {
    return refuse(CLOSE.forbidden, 'this token is for another table');
  }
  if (key === 'gm' && identity.role !== 'gm') {
    return refuse(CLOSE.forbidden, 'the GM document is for the GM only');
  }
  let room;
  try {
    room = await deps.rooms.get(tableId);
  } catch (error) {
    deps.log('loading the table failed', error, tableId);
    return refuse(CLOSE.unavailable, 'storage unavailable');
  }
  if (!room) return refuse(CLOSE.notFound, 'no such table');
  const overlay = url.searchParams.get('view') === 'overlay';
  return { ok: true, tableId, key, identity, room, overlay };
}
