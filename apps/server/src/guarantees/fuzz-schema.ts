import { hostileText } from './fuzz-messages';
import type { Rand } from './fuzz-messages';

// Valid commands for the fuzzer, drawn by walking the table's own valibot schemas (so a new
// command or field is fuzzed without touching this file), with the sites a mutation may hit
// (fuzz-commands.ts).

/** The parts of a valibot schema object the walker reads. */
export interface Schema {
  type: string;
  pipe?: { type: string; requirement?: unknown }[];
  entries?: Record<string, Schema>;
  wrapped?: Schema;
  options?: unknown[];
  literal?: unknown;
  item?: Schema;
  key?: Schema | string;
  value?: Schema;
}

/** Ids on the live table, by the field names that hold them. */
export type KnownIds = Partial<Record<string, readonly string[]>>;

const FIELD_IDS: Record<string, string> = {
  characterId: 'characters',
  fromCharacterId: 'characters',
  toCharacterId: 'characters',
  order: 'characters',
  characterIds: 'characters',
  surprise: 'characters',
  aspectId: 'aspects',
  rollId: 'rolls',
  compelId: 'compels',
  declarationId: 'declarations',
  targetId: 'characters',
  hiddenId: 'hidden',
  noteId: 'notes',
  slotId: 'slots',
  skillId: 'skills',
  trackId: 'tracks',
  owner: 'owners',
};

export function bound(s: Schema, type: string): number | undefined {
  const action = s.pipe?.find((a) => a.type === type);
  return action === undefined ? undefined : (action.requirement as number);
}

/**
 * One line of text a person types: a trimmed string (names, aspect texts; reasons and labels
 * once they are trimmed too). A control character in one is refused (guarantee 7).
 */
export function isLine(s: Schema): boolean {
  return s.type === 'string' && !!s.pipe?.some((a) => a.type === 'trim');
}

/** A place in a generated command a mutation can hit. */
export interface Site {
  path: (string | number)[];
  schema: Schema;
  /** An optional entry of a strict object. */
  optional: boolean;
  /** An entry of a strict object (not of an array or a record). */
  entry: boolean;
}

export function generate(
  r: Rand,
  s: Schema,
  field: string,
  ids: KnownIds,
  sites: Site[],
  path: Site['path'],
  optional = false,
  entry = false,
): unknown {
  sites.push({ path, schema: s, optional, entry });
  switch (s.type) {
    case 'string': {
      const known = ids[FIELD_IDS[field] ?? ''];
      if (known && known.length > 0 && r.chance(0.85)) return r.pick(known);
      const max = bound(s, 'max_length') ?? 100;
      const text = r.chance(0.3)
        ? hostileText(r, r.size(max), !isLine(s))
        : 'x'.repeat(r.size(max));
      // A letter first, so a line that must show something does.
      return `A${text}`.slice(0, max);
    }
    case 'number':
      return r.int(bound(s, 'min_value') ?? -1000, bound(s, 'max_value') ?? 1000);
    case 'boolean':
      return r.chance(0.5);
    case 'picklist':
      return r.pick(s.options!);
    case 'literal':
      return s.literal;
    case 'optional':
      sites.pop();
      return generate(r, s.wrapped!, field, ids, sites, path, true, entry);
    case 'nullable':
      // Null (a field cleared on purpose, the board's `place`) or the wrapped value.
      sites.pop();
      return r.chance(0.3)
        ? null
        : generate(r, s.wrapped!, field, ids, sites, path, optional, entry);
    case 'array': {
      const n = Math.min(r.size(bound(s, 'max_length') ?? 4), 6);
      const len = Math.max(n, bound(s, 'min_length') ?? 0);
      return Array.from({ length: len }, (_, i) =>
        generate(r, s.item!, field, ids, sites, [...path, i]),
      );
    }
    case 'strict_object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(s.entries!)) {
        if (child.type === 'optional' && r.chance(0.5)) continue;
        out[key] = generate(r, child, key, ids, sites, [...path, key], false, true);
      }
      return out;
    }
    case 'record': {
      const out: Record<string, unknown> = {};
      for (let i = r.int(0, 3); i > 0; i--) {
        const key = generate(r, s.key as Schema, 'slotId', ids, [], []) as string;
        out[key] = generate(r, s.value!, field, ids, sites, [...path, key]);
      }
      return out;
    }
    case 'union':
    case 'variant':
      sites.pop();
      return generate(r, r.pick(s.options as Schema[]), field, ids, sites, path, optional, entry);
    case 'custom': {
      // `v.pipe(v.custom(check), schema)`: generate for the schema the check guards; piped
      // again (`v.pipe(thatPipe, v.check(...))`), the first item is that pipe: look inside it.
      const inner: Schema | undefined = s.pipe?.[0];
      const guarded =
        s.pipe?.slice(1).find((p) => (p as { kind?: string }).kind === 'schema') ??
        (inner !== undefined && inner !== s && inner.pipe !== undefined ? inner : undefined);
      if (guarded === undefined) throw new Error('the fuzzer cannot generate a bare custom schema');
      sites.pop();
      return generate(r, guarded, field, ids, sites, path, optional, entry);
    }
    default:
      throw new Error(`the fuzzer cannot generate a ${s.type} schema`);
  }
}
