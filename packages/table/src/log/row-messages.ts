import type { LogEntry } from './entry';
import { english, placeholders, say } from './say';
import type { LogMessage, LogParam } from './say';
import { LOG_TEMPLATES } from './templates';
import type { LogMessageId, LogTemplate } from './templates';
import { MESSAGE_CODES } from './message-codes';
import { code, uncode } from './row-codes';

// An entry's sentence as a log row keeps it (rows.ts): left out where the row can say it, or
// its message as `[code, ...parameters]`, and read back from either.

/** What a row leaves out and reads from the document: characters' names and owners. */
export interface Lookup {
  name: (characterId: string) => string | undefined;
  /** The owning seat id, `gm`, or undefined. */
  owner: (characterId: string) => string | undefined;
}

/**
 * The sentence of an entry that a row can leave out, from its ids and the characters' names
 * (as they are now), or undefined. Only used when it equals the sentence the command wrote.
 */
export function rendered(e: Omit<LogEntry, 'text'>, look: Lookup): string | undefined {
  const m = renderedMessage(e, look);
  return m && english(m);
}

/**
 * An entry's message: its own, or for a sentence its row left out (a plain gift), the one
 * `rendered` says it with, so a reader in another language can say it too.
 */
export function entryMessage(e: LogEntry, look: Pick<Lookup, 'name'>): LogMessage | undefined {
  if (e.msg !== undefined) return e.msg;
  const m = renderedMessage(e, { owner: () => undefined, ...look });
  return m && english(m) === e.text ? m : undefined;
}

/** The message of a sentence a row leaves out (see `rendered`). */
function renderedMessage(e: Omit<LogEntry, 'text'>, look: Lookup): LogMessage | undefined {
  if (e.type !== 'fate-point.give' || e.movements?.length !== 1) return undefined;
  const m = e.movements[0]!;
  if (m.reason !== 'give' || m.from.type !== 'character' || m.to.type !== 'character') {
    return undefined;
  }
  const from = look.name(m.from.id) ?? 'Someone';
  const to = look.name(m.to.id) ?? 'someone';
  return say('pointsGiven', { from, count: m.amount, to });
}

const templateOf = (id: string): LogTemplate | undefined =>
  (LOG_TEMPLATES as Record<string, LogTemplate>)[id];

/** A message as a row stores it: `[code, ...parameters]` (see the header). */
export function messageRow(m: LogMessage): unknown[] {
  const template = templateOf(m.id);
  const names =
    template === undefined ? Object.keys(m.params ?? {}).sort() : placeholders(template);
  const param = (p: LogParam | undefined): unknown => {
    if (p === undefined) return '';
    if (typeof p === 'string' || typeof p === 'number') return p;
    if (Array.isArray(p)) return { l: p.map(param) };
    return messageRow(p);
  };
  return [code(MESSAGE_CODES, m.id), ...names.map((n) => param(m.params?.[n]))];
}

/**
 * A stored message back, or undefined when this version does not know its id (a newer
 * server's) or the row is not one. Every byte is untrusted: anything odd reads as undefined.
 */
export function rowMessage(stored: unknown, depth = 0): LogMessage | undefined {
  if (!Array.isArray(stored) || depth > 8) return undefined;
  const id = uncode(MESSAGE_CODES, stored[0]);
  const template = templateOf(id);
  if (template === undefined) return undefined;
  const names = placeholders(template);
  const param = (p: unknown): LogParam | undefined => {
    if (typeof p === 'string' || typeof p === 'number') return p;
    if (Array.isArray(p)) return rowMessage(p, depth + 1);
    if (typeof p === 'object' && p !== null && Array.isArray((p as { l?: unknown }).l)) {
      const items = (p as { l: unknown[] }).l.map(param);
      const known = items.filter((x): x is LogParam => x !== undefined);
      return known.length === items.length ? known : undefined;
    }
    return undefined;
  };
  const params: Record<string, LogParam> = {};
  for (const [i, name] of names.entries()) {
    const p = param(stored[i + 1]);
    if (p === undefined) return undefined;
    params[name] = p;
  }
  return say(id as LogMessageId, names.length > 0 ? params : undefined);
}
