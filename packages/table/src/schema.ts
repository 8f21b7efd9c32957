import * as Y from 'yjs';
import type { RulesetId } from '@fateboard/rules';
import type { YMap } from './ymap';

/**
 * The shape of the two documents of a table. Bump SCHEMA_VERSION on any change a reader
 * must know about; clients compare it with their own and reload.
 *
 * Public document `table/<id>` (root types):
 * - `meta`        Y.Map: schemaVersion, epoch?, id, name, ruleset, gmPool, spotlight
 * - `seats`       Y.Map<seatId, Y.Map>: id, name, characterId?
 * - `characters`  Y.Map<characterId, Y.Map> (see character-store.ts)
 * - `aspects`     Y.Map<aspectId, Y.Map>: id, kind, text, characterId?, at, invokes: Y.Map<owner, n>
 * - `scene`       Y.Map: active, name, startedAt, present (character ids)
 * - `compels`     Y.Map<compelId, Y.Map>: the open compels
 * - `conflict`    Y.Map: active, order (character ids), turn, round
 * - `rolls`       Y.Array<Y.Map>: the most recent rolls (invokes change them)
 * - `log`         Y.Array<LogRow>: the most recent log entries, as compact rows (log-rows.ts)
 * - `fp`          Y.Map<characterId, [gained, spent, byReason]>: fate point movements of the
 *                 current session in entries already cut from `log` (log.ts)
 *
 * GM document `table/<id>/gm`:
 * - `meta`        Y.Map: schemaVersion, epoch?, id
 * - `hidden`      Y.Map<hiddenId, Y.Map>: prepared aspects and NPC drafts
 * - `notes`       Y.Map<noteId, Y.Map>: text, at
 */
export const SCHEMA_VERSION = 2;

/**
 * Most entries in the document's log; at LOG_LIMIT + 1 it is cut back to the newest LOG_KEEP
 * in one go. Older entries live only in the server's history (`GET /api/tables/:id/log`).
 */
export const LOG_LIMIT = 150;
export const LOG_KEEP = 100;
/** Rolls kept in the document; an invoke can only change one of these. */
export const ROLL_LIMIT = 20;

export interface TableDocs {
  pub: Y.Doc;
  gm: Y.Doc;
}

export function pubRoots(doc: Y.Doc) {
  return {
    meta: doc.getMap<unknown>('meta'),
    seats: doc.getMap<unknown>('seats'),
    characters: doc.getMap<unknown>('characters'),
    aspects: doc.getMap<unknown>('aspects'),
    scene: doc.getMap<unknown>('scene'),
    compels: doc.getMap<unknown>('compels'),
    conflict: doc.getMap<unknown>('conflict'),
    rolls: doc.getArray<YMap>('rolls'),
    log: doc.getArray<unknown>('log'),
    fp: doc.getMap<unknown>('fp'),
  };
}
export type PubRoots = ReturnType<typeof pubRoots>;

export function gmRoots(doc: Y.Doc) {
  return {
    meta: doc.getMap<unknown>('meta'),
    hidden: doc.getMap<unknown>('hidden'),
    notes: doc.getMap<unknown>('notes'),
  };
}
export type GmRoots = ReturnType<typeof gmRoots>;

/** Fresh documents for a new table, with the schema version written in. */
export function createTableDocs(init: { id: string; name: string; ruleset: RulesetId }): TableDocs {
  const pub = new Y.Doc();
  const gm = new Y.Doc();
  pub.transact(() => {
    const r = pubRoots(pub);
    r.meta.set('schemaVersion', SCHEMA_VERSION);
    r.meta.set('id', init.id);
    r.meta.set('name', init.name);
    r.meta.set('ruleset', init.ruleset);
    r.meta.set('gmPool', 0);
    r.scene.set('active', false);
    r.conflict.set('active', false);
  });
  gm.transact(() => {
    const r = gmRoots(gm);
    r.meta.set('schemaVersion', SCHEMA_VERSION);
    r.meta.set('id', init.id);
  });
  return { pub, gm };
}
