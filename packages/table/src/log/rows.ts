import type { Holder, Movement, MovementReason } from '@fateboard/rules';
import type { ActorRef, LogEntry } from './entry';
import { english } from './say';
import { REASON_CODES, TYPE_CODES, code, uncode } from './row-codes';
import type { Refs } from './row-codes';
import { messageRow, rendered, rowMessage } from './row-messages';
import type { Lookup } from './row-messages';

/**
 * The public document's log keeps each entry as one flat JSON array (a "row", in the `journal`
 * array), a fraction of the entry's JSON size: short codes for the command type, the actor
 * and the movement reasons, small numbers for ids, the time in seconds since the entry before,
 * absent fields as trailing nulls cut off, and no text where `readTable` can say the same from
 * the ids (a plain fate point gift). The server keeps every full entry (the command's
 * `result.log`). Logs stored in older formats are rewritten as these rows once, when the
 * server opens its storage (upgrade.ts).
 *
 * A row is `[type, dt, by, moves, characterId, text, rollId, rest]`, with no entry number (the
 * one before plus 1; `meta.logBase` holds the number and time of the entry before the first row):
 * - `type`: the index of the command type in TYPE_CODES, or the type itself;
 * - `dt`: seconds since the entry before;
 * - `by`: 0 the GM, 1 a seatless player, 2 a spectator, 3 the owner of the entry's character,
 *   or 3 + the acting seat's number;
 * - `moves`: flat, `from, to, amount, reason` per movement, a holder being 0 (bank), 1 (GM
 *   pool), 1 + a character's number, or −(1 + its number) for its held scene payout; `reason`
 *   is the index in REASON_CODES or the reason itself;
 * - `characterId`: 0 / −1 for the first movement's giving / receiving character, else its number;
 * - `text`: the sentence, or null when it is rendered from the row, or (since messages) the
 *   sentence's message as an array: `[code, ...parameters]`, the code an index in MESSAGE_CODES
 *   (or the id itself), the parameters in the order of the template's sorted placeholder names,
 *   each a string or number as it is, a nested message as such an array, a list as `{ l: [...] }`
 *   (see messageRow). Rows whose text is a string, or null, read as they always did;
 * - `rest`: any other field of the entry (a GM adjustment's `before` and `after`).
 */
export type LogRow = unknown[];

const KNOWN = new Set([
  'n',
  'at',
  'by',
  'type',
  'text',
  'msg',
  'characterId',
  'rollId',
  'movements',
]);

/**
 * What a row keeps for an entry's sentence: nothing when the row can say it, its message when
 * that says the same, else the sentence.
 */
function storedText(e: LogEntry, look: Lookup): unknown {
  if (rendered(e, look) === e.text) return null;
  // The message whenever it says the sentence, even where it takes more room: without it a
  // reader in another language would get the English (an absorbed hit's named consequences).
  if (e.msg !== undefined && english(e.msg) === e.text) return messageRow(e.msg);
  return e.text;
}

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

export function toRow(e: LogEntry, dt: number, look: Lookup, refs: Refs): LogRow {
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
    storedText(e, look),
    e.rollId ?? null,
    Object.keys(rest).length > 0 ? rest : null,
  ];
  while (row.length > 0 && row[row.length - 1] === null) row.pop();
  return row;
}

export function rowMovements(row: LogRow, refs: Refs): Movement[] {
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

export function rowType(row: LogRow): string {
  return uncode(TYPE_CODES, row[0]);
}

/** A row as an entry, given its number and time (ms). */
export function fromRow(row: LogRow, n: number, at: number, look: Lookup, refs: Refs): LogEntry {
  const movements = Array.isArray(row[3]) ? rowMovements(row, refs) : undefined;
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
    type: rowType(row),
    ...(characterId === undefined ? {} : { characterId }),
    ...(typeof rollId === 'string' ? { rollId } : {}),
    ...(movements === undefined ? {} : { movements }),
  };
  const stored = row[5];
  const msg = rowMessage(stored);
  const text =
    typeof stored === 'string' ? stored : msg ? english(msg) : (rendered(base, look) ?? '');
  return { ...base, text, ...(msg ? { msg } : {}), ...structuredClone(rest) };
}
