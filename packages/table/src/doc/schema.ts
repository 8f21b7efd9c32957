import * as Y from 'yjs';
import type { RulesetId } from '@fateboard/rules';
import { GM_ROOTS, PUB_ROOTS, openRoots, type Roots } from './roots';

/**
 * The shape of the two documents of a table. Bump SCHEMA_VERSION on any change a reader
 * must know about; clients compare it with their own and reload. The root types are registered
 * in roots.ts; this says what each holds.
 *
 * Public document `table/<id>` (root types):
 * - `meta`        Y.Map: schemaVersion, epoch?, id, name, ruleset, gmPool, spotlight, logBase?,
 *                 spectatorChat? (false when the GM turned spectators' chat off),
 *                 gmReadsWhispers? (true when the GM reads whispers between players),
 *                 handout? (the handout every screen shows: doc/handouts.ts)
 *                 boardOnOverlay? (true when the stream overlay shows the scene board)
 * - `seats`       Y.Map<seatId, Y.Map>: id, name, characterId?, restored? (see SeatView)
 * - `characters`  Y.Map<characterId, Y.Map> (see character-store.ts)
 * - `aspects`     Y.Map<aspectId, Y.Map>: id, kind, text, characterId?, place?, at,
 *                 invokes: Y.Map<owner, n> (`place`: a zone's or a border's id)
 * - `scene`       Y.Map: active, name, startedAt, present (character ids), map? (image hash)
 * - `compels`     Y.Map<compelId, Y.Map>: the open compels
 * - `help`        Y.Map<requestId, Y.Map>: open requests for help on a roll (help-requests.ts)
 * - `conflict`    Y.Map: active, order (character ids), turn, round
 * - `rolls`       Y.Array<Y.Map>: the most recent rolls (invokes change them)
 * - `journal`     Y.Array<LogRow>: the most recent log entries, as rows (log/rows.ts);
 *                 `meta.logBase` is `[n, seconds]` of the entry before its first row
 * - `refs`        Y.Array<string>: the ids (characters, seats) that rows name by number: the
 *                 i-th id is number i + 1; append-only
 * - `fp`          Y.Map<characterId, [gained, spent, byReason]>: fate point movements of the
 *                 current session in entries already cut from the log (log/log.ts)
 * - `countdowns`  Y.Map<countdownId, Y.Map>: the public countdowns (doc/countdowns.ts)
 * - `declarations` Y.Map<declarationId, Y.Map>: edgerunner's declarations being voted on or
 *                 waiting for their roll: id, characterId, declarer (seat id or `gm`), text,
 *                 targetId?, voters (seat ids and `gm`), votes ({ voter: stance }), closed?, at
 *                 (one open per declarer; gone once rolled or withdrawn)
 * - `zones`       Y.Map<zoneId, { id, name, x, y, w, h, at }>: the scene board's zones
 * - `borders`     Y.Map<borderId, { id, a, b, at }>: which zones touch
 * - `tokens`      Y.Map<characterId, zoneId>: where each character stands (doc/board.ts)
 * (Documents of schema 1 and 2 kept their log in a `log` array; log/upgrade.ts moves it into
 * `journal` once, when the server opens its storage.)
 *
 * GM document `table/<id>/gm`:
 * - `meta`        Y.Map: schemaVersion, epoch?, id
 * - `hidden`      Y.Map<hiddenId, Y.Map>: prepared aspects (place?) and NPC drafts (zoneId?)
 * - `notes`       Y.Map<noteId, Y.Map>: text, at
 * - `countdowns`  Y.Map<countdownId, Y.Map>: the hidden countdowns, as the public ones
 * - `zones`, `borders`: the prepared board, as the public roots of the same names
 * - `handouts`    Y.Map<handoutId, Y.Map>: prepared handouts (doc/handouts.ts)
 */
export const SCHEMA_VERSION = 3;

/**
 * Most entries in the document's log; at LOG_LIMIT + 1 it is cut back to the newest LOG_KEEP
 * in one go. Older entries live only in the server's history (`GET /api/tables/:id/log`).
 */
export const LOG_LIMIT = 150;
export const LOG_KEEP = 100;
/** Rolls kept in the document; an invoke can only change one of these. */
export const ROLL_LIMIT = 20;

/**
 * Most fate points one holder keeps (a character's balance, the points held for it until the
 * scene ends, the GM's pool), and most free invokes one holder keeps on one aspect. No game
 * comes near it; past it a number stops reading as fate points, so the economy refuses to go
 * there, a free invoke earned past it is not kept, and a restored table may not start there.
 */
export const MAX_POINTS = 999;

/**
 * A table's two documents: `pub` (`table/<id>`, everyone) and `gm` (`table/<id>/gm`, the GM's
 * secrets, sent to no one else).
 */
export interface TableDocs {
  pub: Y.Doc;
  gm: Y.Doc;
}
export type DocKey = keyof TableDocs;
export const DOC_KEYS: readonly DocKey[] = ['pub', 'gm'];

export function pubRoots(doc: Y.Doc): PubRoots {
  return openRoots(doc, PUB_ROOTS);
}
export type PubRoots = Roots<typeof PUB_ROOTS>;

export function gmRoots(doc: Y.Doc): GmRoots {
  return openRoots(doc, GM_ROOTS);
}
export type GmRoots = Roots<typeof GM_ROOTS>;

/** Fresh documents for a new table, with the schema version written in. */
export function createTableDocs(init: { id: string; name: string; ruleset: RulesetId }): TableDocs {
  const pub = new Y.Doc();
  const gm = new Y.Doc();
  claimWriterId(pub);
  claimWriterId(gm);
  pub.transact(() => {
    const roots = pubRoots(pub);
    roots.meta.set('schemaVersion', SCHEMA_VERSION);
    roots.meta.set('id', init.id);
    roots.meta.set('name', init.name);
    roots.meta.set('ruleset', init.ruleset);
    roots.meta.set('gmPool', 0);
    roots.scene.set('active', false);
    roots.conflict.set('active', false);
  });
  gm.transact(() => {
    const roots = gmRoots(gm);
    roots.meta.set('schemaVersion', SCHEMA_VERSION);
    roots.meta.set('id', init.id);
  });
  return { pub, gm };
}

/** Client ids below this are the server's small writer ids; larger ones are random (Yjs's). */
const SMALL_ID = 1 << 24;

/**
 * Gives the document a small Yjs client id, the next after every small id in its history
 * (and after `floor`), and returns it. Every item, origin and deletion of an update names its
 * writer, as a variable-length number: Yjs's random 32-bit ids take 5 bytes each time, ids
 * under 128 one byte (a fate point transfer names the writer five times). Only the server
 * writes to a table's documents, one process at a time, so a fresh id per load (and per
 * rebuild) is never used twice; replicas only read.
 */
export function claimWriterId(doc: Y.Doc, floor = 0): number {
  doc.clientID = Math.max(floor, maxSmallId(doc)) + 1;
  return doc.clientID;
}

/** The largest small writer id in the document's history, or 0. */
export function maxSmallId(doc: Y.Doc): number {
  let max = 0;
  for (const client of Y.decodeStateVector(Y.encodeStateVector(doc)).keys()) {
    if (client < SMALL_ID && client > max) max = client;
  }
  return max;
}
