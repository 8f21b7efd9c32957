import type { Holder, Movement, MovementReason } from '@fateboard/rules';
import type { ActorRef, LogEntry } from './log-entry';

/**
 * The public document's log keeps each entry as one flat JSON array (a "row"), about a third
 * of the entry's JSON size: short codes for the command type, the actor and the movement
 * reasons, ids instead of names, the time in seconds, absent fields as trailing nulls cut
 * off, and no text where `readTable` can say the same from the ids (a plain fate point gift).
 * The server keeps every full entry (the command's `result.log`).
 *
 * Schema 3 rows (the `journal` array, written now) are described at `toRow3` below. Rows of
 * schema 2 (in the `log` array of older documents, read only):
 * `[n, t, by, type, text, characterId, rollId, moves, rest]`
 * - `n`: the entry's number; `t`: the server's time in whole seconds;
 * - `by`: 0 the GM, 1 a seatless player, 2 a spectator, 3 the player of the entry's character
 *   (its owner), or the acting player's seat id;
 * - `type`: the index of the command type in TYPE_CODES, or the type itself;
 * - `text`: the sentence, or null when it is rendered from the row;
 * - `characterId`: the id, or 0 / 1 for the first movement's giving / receiving character;
 * - `moves`: `[from, to, amount, reason]` each, a holder being 0 (bank), 1 (GM pool), a
 *   character id, or `[characterId]` (a payout held until the scene ends); `reason` is the
 *   index in REASON_CODES or the reason itself;
 * - `rest`: any other field of the entry (a GM adjustment's `before` and `after`).
 */
export type LogRow = unknown[];

/** Append-only: a code, once written into a document, must keep its meaning. */
const TYPE_CODES = [
  'join',
  'character.create',
  'character.claim',
  'character.update',
  'scene.start',
  'scene.end',
  'session.start',
  'scenario.end',
  'milestone.major',
  'aspect.add',
  'aspect.edit',
  'aspect.remove',
  'spotlight.push',
  'spotlight.dismiss',
  'gm.prepare',
  'gm.npc-draft',
  'gm.reveal',
  'gm.note',
  'roll',
  'invoke',
  'outcome.apply',
  'compel.offer',
  'compel.accept',
  'compel.refuse',
  'fate-point.give',
  'absorb',
  'taken-out',
  'concede',
  'consequence.take',
  'consequence.recover',
  'consequence.clear',
  'conflict.start',
  'conflict.next',
  'conflict.end',
  'gm.adjust',
  'character.remove',
  'free-invoke.pass',
  'compel.withdraw',
  'seat.remove',
  'defend',
  'conflict.order',
] as const;

/** Append-only, like TYPE_CODES. */
const REASON_CODES: readonly MovementReason[] = [
  'refresh',
  'scene-pool',
  'scene-pool-lost',
  'scene-payout',
  'compel-accepted',
  'compel-refused',
  'self-compel',
  'invoke',
  'spend',
  'concede',
  'give',
  'gm-adjustment',
];

const KNOWN = new Set(['n', 'at', 'by', 'type', 'text', 'characterId', 'rollId', 'movements']);

function code(list: readonly string[], value: string): number | string {
  const i = list.indexOf(value);
  return i < 0 ? value : i;
}

function uncode(list: readonly string[], value: unknown): string {
  return typeof value === 'number' ? (list[value] ?? String(value)) : String(value);
}

function holderCode(h: Holder): unknown {
  switch (h.type) {
    case 'bank':
      return 0;
    case 'gm-pool':
      return 1;
    case 'character':
      return h.id;
    case 'scene-payout':
      return [h.characterId];
  }
}

function holderOf(c: unknown): Holder {
  if (c === 0) return { type: 'bank' };
  if (c === 1) return { type: 'gm-pool' };
  if (Array.isArray(c)) return { type: 'scene-payout', characterId: String(c[0]) };
  return { type: 'character', id: String(c) };
}

function byCode(by: ActorRef, characterId: string | undefined, look: Lookup): unknown {
  if (by.role === 'gm') return 0;
  if (by.role === 'spectator') return 2;
  if (by.seatId === undefined) return 1;
  if (characterId !== undefined && look.owner(characterId) === by.seatId) return 3;
  return by.seatId;
}

function byOf(c: unknown, characterId: string | undefined, look: Lookup): ActorRef {
  if (c === 0) return { role: 'gm' };
  if (c === 2) return { role: 'spectator' };
  if (c === 3 && characterId !== undefined) {
    const owner = look.owner(characterId);
    if (owner !== undefined && owner !== 'gm') return { role: 'player', seatId: owner };
  }
  if (typeof c === 'string') return { role: 'player', seatId: c };
  return { role: 'player' };
}

function characterCode(id: string | undefined, moves: readonly Movement[] | undefined): unknown {
  const first = moves?.[0];
  if (id === undefined) return null;
  if (first?.from.type === 'character' && first.from.id === id) return 0;
  if (first?.to.type === 'character' && first.to.id === id) return 1;
  return id;
}

function characterOf(c: unknown, moves: readonly Movement[] | undefined): string | undefined {
  if (typeof c === 'string') return c;
  const first = moves?.[0];
  if (c === 0 && first?.from.type === 'character') return first.from.id;
  if (c === 1 && first?.to.type === 'character') return first.to.id;
  return undefined;
}

/** What a row leaves out and reads from the document: characters' names and owners. */
export interface Lookup {
  name: (characterId: string) => string | undefined;
  /** The owning seat id, `gm`, or undefined. */
  owner: (characterId: string) => string | undefined;
}

/** The table's small numbers for ids (the `refs` array: number i + 1 is the i-th id). */
export interface Refs {
  /** The id's number, assigning the next one when it has none yet (writing only). */
  ref: (id: string) => number;
  id: (ref: number) => string;
}

/**
 * The sentence of an entry that a row can leave out, from its ids and the characters' names
 * (as they are now), or undefined. Only used when it equals the sentence the command wrote.
 */
function rendered(e: Omit<LogEntry, 'text'>, look: Lookup): string | undefined {
  if (e.type !== 'fate-point.give' || e.movements?.length !== 1) return undefined;
  const m = e.movements[0]!;
  if (m.reason !== 'give' || m.from.type !== 'character' || m.to.type !== 'character') {
    return undefined;
  }
  const from = look.name(m.from.id) ?? 'Someone';
  const to = look.name(m.to.id) ?? 'someone';
  return `${from} gave ${m.amount} fate point${m.amount > 1 ? 's' : ''} to ${to}.`;
}

export function toRow(e: LogEntry, look: Lookup): LogRow {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(e)) if (!KNOWN.has(key)) rest[key] = value;
  const row: LogRow = [
    e.n,
    Math.round(e.at / 1000),
    byCode(e.by, e.characterId, look),
    code(TYPE_CODES, e.type),
    rendered(e, look) === e.text ? null : e.text,
    characterCode(e.characterId, e.movements),
    e.rollId ?? null,
    e.movements?.map((m) => [
      holderCode(m.from),
      holderCode(m.to),
      m.amount,
      code(REASON_CODES, m.reason),
    ]) ?? null,
    Object.keys(rest).length > 0 ? rest : null,
  ];
  while (row.length > 0 && row[row.length - 1] === null) row.pop();
  return row;
}

/** The movements of a row, without decoding the rest (the fate point summary reads only these). */
/**
 * A stored log item as a row: schema 1 documents (and tables stored before rows) hold whole
 * entries as JSON objects, which read as rows with their text.
 */
export function asRow(item: unknown): LogRow {
  if (Array.isArray(item)) return item;
  const entry = item as LogEntry;
  return toRow(entry, { name: () => undefined, owner: () => undefined });
}

export function rowMovements(item: LogRow): Movement[] {
  const row = asRow(item);
  const moves = row[7];
  if (!Array.isArray(moves)) return [];
  return moves.map((m: unknown[]) => ({
    from: holderOf(m[0]),
    to: holderOf(m[1]),
    amount: Number(m[2]),
    reason: uncode(REASON_CODES, m[3]) as MovementReason,
  }));
}

export function rowType(item: LogRow): string {
  return uncode(TYPE_CODES, asRow(item)[3]);
}

/**
 * Schema 3 rows (the `journal` array): `[type, dt, by, moves, characterId, text, rollId, rest]`,
 * trailing nulls cut off, ids as the table's small numbers (Refs), no entry number (the one
 * before plus 1) and the time as seconds since the entry before (`meta.logBase` holds the
 * number and time of the entry before the first row).
 * - `by`: 0 the GM, 1 a seatless player, 2 a spectator, 3 the owner of the entry's character,
 *   or 3 + the acting seat's number;
 * - `moves`: flat, `from, to, amount, reason` per movement, a holder being 0 (bank), 1 (GM
 *   pool), 1 + a character's number, or −(1 + its number) for its held scene payout;
 * - `characterId`: 0 / −1 for the first movement's giving / receiving character, else its number.
 */
function holderRef(h: Holder, refs: Refs): number {
  switch (h.type) {
    case 'bank':
      return 0;
    case 'gm-pool':
      return 1;
    case 'character':
      return refs.ref(h.id) + 1;
    case 'scene-payout':
      return -(refs.ref(h.characterId) + 1);
  }
}

function holderOfRef(c: unknown, refs: Refs): Holder {
  const v = Number(c);
  if (v === 0) return { type: 'bank' };
  if (v === 1) return { type: 'gm-pool' };
  if (v < 0) return { type: 'scene-payout', characterId: refs.id(-v - 1) };
  return { type: 'character', id: refs.id(v - 1) };
}

export function toRow3(e: LogEntry, dt: number, look: Lookup, refs: Refs): LogRow {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(e)) if (!KNOWN.has(key)) rest[key] = value;
  const first = e.movements?.[0];
  let by: number;
  if (e.by.role === 'gm') by = 0;
  else if (e.by.role === 'spectator') by = 2;
  else if (e.by.seatId === undefined) by = 1;
  else if (e.characterId !== undefined && look.owner(e.characterId) === e.by.seatId) by = 3;
  else by = 3 + refs.ref(e.by.seatId);
  let character: number | null = null;
  if (e.characterId !== undefined) {
    if (first?.from.type === 'character' && first.from.id === e.characterId) character = 0;
    else if (first?.to.type === 'character' && first.to.id === e.characterId) character = -1;
    else character = refs.ref(e.characterId);
  }
  const row: LogRow = [
    code(TYPE_CODES, e.type),
    dt,
    by,
    e.movements?.flatMap((m) => [
      holderRef(m.from, refs),
      holderRef(m.to, refs),
      m.amount,
      code(REASON_CODES, m.reason),
    ]) ?? null,
    character,
    rendered(e, look) === e.text ? null : e.text,
    e.rollId ?? null,
    Object.keys(rest).length > 0 ? rest : null,
  ];
  while (row.length > 0 && row[row.length - 1] === null) row.pop();
  return row;
}

export function row3Movements(row: LogRow, refs: Refs): Movement[] {
  const flat = row[3];
  if (!Array.isArray(flat)) return [];
  const out: Movement[] = [];
  for (let i = 0; i + 3 < flat.length; i += 4) {
    out.push({
      from: holderOfRef(flat[i], refs),
      to: holderOfRef(flat[i + 1], refs),
      amount: Number(flat[i + 2]),
      reason: uncode(REASON_CODES, flat[i + 3]) as MovementReason,
    });
  }
  return out;
}

export function row3Type(row: LogRow): string {
  return uncode(TYPE_CODES, row[0]);
}

/** A schema 3 row as an entry, given the number and time (ms) of the entry before it. */
export function fromRow3(row: LogRow, n: number, at: number, look: Lookup, refs: Refs): LogEntry {
  const movements = Array.isArray(row[3]) ? row3Movements(row, refs) : undefined;
  const first = movements?.[0];
  const c = row[4];
  let characterId: string | undefined;
  if (c === 0 && first?.from.type === 'character') characterId = first.from.id;
  else if (c === -1 && first?.to.type === 'character') characterId = first.to.id;
  else if (typeof c === 'number' && c > 0) characterId = refs.id(c);
  const b = Number(row[2] ?? 1);
  let by: ActorRef;
  if (b === 0) by = { role: 'gm' };
  else if (b === 2) by = { role: 'spectator' };
  else if (b === 3 && characterId !== undefined) {
    const owner = look.owner(characterId);
    by =
      owner !== undefined && owner !== 'gm'
        ? { role: 'player', seatId: owner }
        : { role: 'player' };
  } else if (b > 3) by = { role: 'player', seatId: refs.id(b - 3) };
  else by = { role: 'player' };
  const rollId = row[6];
  const rest = (row[7] ?? {}) as Record<string, unknown>;
  const base: Omit<LogEntry, 'text'> = {
    n,
    at,
    by,
    type: row3Type(row),
    ...(characterId === undefined ? {} : { characterId }),
    ...(typeof rollId === 'string' ? { rollId } : {}),
    ...(movements === undefined ? {} : { movements }),
  };
  const text = typeof row[5] === 'string' ? row[5] : (rendered(base, look) ?? '');
  return { ...base, text, ...structuredClone(rest) };
}

/** A schema 2 row (or a schema 1 entry object) as an entry. */
export function fromRow(item: LogRow, look: Lookup): LogEntry {
  if (!Array.isArray(item)) return structuredClone(item as LogEntry);
  const row = item;
  const rollId = row[6];
  const movements = Array.isArray(row[7]) ? rowMovements(row) : undefined;
  const characterId = characterOf(row[5], movements);
  const rest = (row[8] ?? {}) as Record<string, unknown>;
  const base: Omit<LogEntry, 'text'> = {
    n: Number(row[0]),
    at: Number(row[1]) * 1000,
    by: byOf(row[2], characterId, look),
    type: rowType(row),
    ...(typeof characterId === 'string' ? { characterId } : {}),
    ...(typeof rollId === 'string' ? { rollId } : {}),
    ...(movements === undefined ? {} : { movements }),
  };
  const text = typeof row[4] === 'string' ? row[4] : (rendered(base, look) ?? '');
  return { ...base, text, ...structuredClone(rest) };
}
