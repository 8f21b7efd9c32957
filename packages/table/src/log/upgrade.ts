import type * as Y from 'yjs';
import type { Holder, Movement, MovementReason } from '@fateboard/rules';
import type { ActorRef, LogEntry } from './entry';
import { REASON_CODES, TYPE_CODES, uncode } from './row-codes';
import { rendered, type Lookup } from './row-messages';
import { lookup, pushRows, readLog } from './log';
import { SCHEMA_VERSION, pubRoots } from '../doc/schema';

/**
 * Rewrites a log stored before schema 3 as schema 3 rows, once, so that nothing reads the old
 * formats at run time. Documents of schema 1 and 2 keep their log in the `log` array (no
 * longer a registered root): whole entry objects (schema 1) or schema 2 rows. Their entries
 * move in front of any `journal` rows, as rows, and `log` is emptied. The server runs this on
 * every stored table when it opens a storage file written before the upgrade. Answers whether
 * the document changed.
 */
export function upgradeLog(pub: Y.Doc): boolean {
  const old = pub.getArray<unknown>('log');
  if (old.length === 0) return false;
  const roots = pubRoots(pub);
  const look = lookup(roots);
  const entries = [...old.toArray().map((item) => oldEntry(item, look)), ...readLog(roots)];
  pub.transact(() => {
    old.delete(0, old.length);
    roots.journal.delete(0, roots.journal.length);
    pushRows(roots, entries, Math.round(entries[0]!.at / 1000));
    const version = roots.meta.get('schemaVersion');
    if (typeof version !== 'number' || version < SCHEMA_VERSION) {
      roots.meta.set('schemaVersion', SCHEMA_VERSION);
    }
  });
  return true;
}

/**
 * A schema 2 row as an entry: `[n, t, by, type, text, characterId, rollId, moves, rest]`, `t`
 * in whole seconds; `by` 0 the GM, 1 a seatless player, 2 a spectator, 3 the player of the
 * entry's character, or the acting seat's id; `characterId` an id, or 0 / 1 for the first
 * movement's giving / receiving character; `moves` `[from, to, amount, reason]` each, a holder
 * being 0 (bank), 1 (GM pool), a character id or `[characterId]` (a held scene payout). A
 * schema 1 item is the entry itself.
 */
function oldEntry(item: unknown, look: Lookup): LogEntry {
  if (!Array.isArray(item)) return structuredClone(item as LogEntry);
  const row = item as unknown[];
  const rollId = row[6];
  const movements = Array.isArray(row[7]) ? row[7].map(oldMovement) : undefined;
  const characterId = oldCharacter(row[5], movements);
  const rest = (row[8] ?? {}) as Record<string, unknown>;
  const base: Omit<LogEntry, 'text'> = {
    n: Number(row[0]),
    at: Number(row[1]) * 1000,
    by: oldActor(row[2], characterId, look),
    type: uncode(TYPE_CODES, row[3]),
    ...(characterId === undefined ? {} : { characterId }),
    ...(typeof rollId === 'string' ? { rollId } : {}),
    ...(movements === undefined ? {} : { movements }),
  };
  const text = typeof row[4] === 'string' ? row[4] : (rendered(base, look) ?? '');
  return { ...base, text, ...structuredClone(rest) };
}

function oldMovement(m: unknown[]): Movement {
  return {
    from: oldHolder(m[0]),
    to: oldHolder(m[1]),
    amount: Number(m[2]),
    reason: uncode(REASON_CODES, m[3]) as MovementReason,
  };
}

function oldHolder(c: unknown): Holder {
  if (c === 0) return { type: 'bank' };
  if (c === 1) return { type: 'gm-pool' };
  if (Array.isArray(c)) return { type: 'scene-payout', characterId: String(c[0]) };
  return { type: 'character', id: String(c) };
}

function oldActor(c: unknown, characterId: string | undefined, look: Lookup): ActorRef {
  if (c === 0) return { role: 'gm' };
  if (c === 2) return { role: 'spectator' };
  if (c === 3 && characterId !== undefined) {
    const owner = look.owner(characterId);
    if (owner !== undefined && owner !== 'gm') return { role: 'player', seatId: owner };
  }
  if (typeof c === 'string') return { role: 'player', seatId: c };
  return { role: 'player' };
}

function oldCharacter(c: unknown, moves: readonly Movement[] | undefined): string | undefined {
  if (typeof c === 'string') return c;
  const first = moves?.[0];
  if (c === 0 && first?.from.type === 'character') return first.from.id;
  if (c === 1 && first?.to.type === 'character') return first.to.id;
  return undefined;
}
