import { CommandSchema } from '@fateboard/table';
import { CONTROLS, hostileText } from './fuzz-messages';
import type { Rand } from './fuzz-messages';

// Commands for the fuzzer: a valid command drawn by walking the table's own valibot schemas
// (so a new command or field is fuzzed without touching this file), then mutated. Each
// mutation says whether the protocol promises a refusal for it (docs/PROTOCOL.md, Commands;
// docs/GUARANTEES.md, 7), which the fuzzer then checks.

/** The parts of a valibot schema object the walker reads. */
interface Schema {
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

function bound(s: Schema, type: string): number | undefined {
  const action = s.pipe?.find((a) => a.type === type);
  return action === undefined ? undefined : (action.requirement as number);
}

/**
 * One line of text a person types: a trimmed string (names, aspect texts; reasons and labels
 * once they are trimmed too). A control character in one is refused (guarantee 7).
 */
function isLine(s: Schema): boolean {
  return s.type === 'string' && !!s.pipe?.some((a) => a.type === 'trim');
}

/** A place in a generated command a mutation can hit. */
interface Site {
  path: (string | number)[];
  schema: Schema;
  /** An optional entry of a strict object. */
  optional: boolean;
  /** An entry of a strict object (not of an array or a record). */
  entry: boolean;
}

function generate(
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

/** Keys that name something on every object's prototype chain. */
const INHERITED = ['toString', 'hasOwnProperty', 'valueOf', '__defineGetter__', 'isPrototypeOf'];

/** Stands for arrays nested `depth` deep, spliced into the JSON text (no stringify recursion). */
const NEST = (depth: number) => `\u0000nest:${depth}\u0000`;
const NESTED = /"\\u0000nest:(\d+)\\u0000"/g;

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** A value of another JSON type than `value`'s. */
function otherType(r: Rand, value: unknown): unknown {
  const candidates: unknown[] = [0, -1.5, 'x', '', true, null, [], {}, [value], { value }];
  let pick: unknown;
  do pick = r.pick(candidates);
  while (typeOf(pick) === typeOf(value));
  return pick;
}

/** Sets a key as an own, enumerable property, even `__proto__`, so that JSON carries it. */
function setOwn(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

type Node = Record<string | number, unknown>;

function valueAt(root: unknown, path: Site['path']): unknown {
  let node = root;
  for (const step of path) node = (node as Node)[step];
  return node;
}

export interface CommandCase {
  kind: string;
  /** The JSON text sent as the command (`__proto__` keys and deep nesting kept as written). */
  text: string;
  /** The protocol promises `ok: false` for it, whoever sends it. */
  mustRefuse: boolean;
}

const COMMANDS = CommandSchema.options as unknown as Schema[];

/** Mutates `command` at one of its sites; answers the mutation and whether it must be refused. */
function mutate(r: Rand, command: Node, sites: Site[]): [string, boolean] {
  const inner = sites.filter((s) => s.path.length > 0 && s.path[0] !== 'type');
  const site = r.pick(inner);
  const parent = valueAt(command, site.path.slice(0, -1)) as Node;
  const key = site.path[site.path.length - 1]!;
  const value = parent[key];
  const objects = sites.filter(
    (s) => s.schema.type === 'strict_object' || s.schema.type === 'record',
  );
  const max = bound(site.schema, 'max_length');
  switch (r.int(0, 9)) {
    case 0:
      parent[key] = otherType(r, value);
      return ['wrong-type', true];
    case 1:
      if (site.schema.type === 'string' && max !== undefined) {
        parent[key] = 'W'.repeat(max + 1 + r.size(50_000));
        return ['oversize-string', true];
      }
      if (site.schema.type === 'number') {
        const high = (bound(site.schema, 'max_value') ?? 0) + 1;
        parent[key] = r.pick([
          high,
          (bound(site.schema, 'min_value') ?? 0) - 1,
          0.5,
          1e308,
          -1e308,
        ]);
        return ['out-of-range', true];
      }
      if (site.schema.type === 'array' && max !== undefined) {
        parent[key] = Array.from({ length: max + 1 }, () => (value as unknown[])[0] ?? 'x');
        return ['oversize-array', true];
      }
      parent[key] = otherType(r, value);
      return ['wrong-type', true];
    case 2: {
      const protoKey = r.pick(['__proto__', 'constructor']);
      const polluting =
        protoKey === '__proto__' ? { polluted: true } : { prototype: { polluted: true } };
      setOwn(valueAt(command, r.pick(objects).path) as object, protoKey, polluting);
      return [`proto-key:${protoKey}`, true];
    }
    case 3: {
      const required = sites.filter((s) => s.entry && !s.optional && s.path[0] !== 'type');
      const drop = r.pick(required);
      delete (valueAt(command, drop.path.slice(0, -1)) as Node)[drop.path[drop.path.length - 1]!];
      return ['missing-field', true];
    }
    case 4: {
      const strict = objects.filter((s) => s.schema.type === 'strict_object');
      const extra = r.chance(0.5) ? r.pick(INHERITED) : `x${hostileText(r, r.int(1, 12))}`;
      setOwn(valueAt(command, r.pick(strict).path) as object, extra, r.pick([1, 'x', null, {}]));
      return ['extra-field', true];
    }
    case 5:
      parent[key] = NEST(r.pick([2, 100, 5_000, 25_000]));
      return ['nested-arrays', true];
    case 6: {
      const type = String(command.type);
      command.type = r.pick([
        hostileText(r, r.int(1, 20)),
        `${type} `,
        type.toUpperCase(),
        `${type}\u0000`,
      ]);
      return ['unknown-type', true];
    }
    case 7: {
      const names = sites.filter((s) => isLine(s.schema));
      if (names.length === 0) break;
      const name = r.pick(names).path;
      const control = r.pick(CONTROLS.filter((c) => c.trim() !== ''));
      const text = `A${control}${hostileText(r, r.int(0, 20), false)}B`.slice(0, 80);
      (valueAt(command, name.slice(0, -1)) as Node)[name[name.length - 1]!] = text;
      return ['control-in-text', true];
    }
  }
  // Hostile unicode within the field's bounds: the protocol does not promise a refusal.
  if (site.schema.type !== 'string') return ['valid', false];
  const text = `A${hostileText(r, r.int(0, (max ?? 100) - 2), !isLine(site.schema))}`;
  parent[key] = text.slice(0, max ?? 100);
  return ['unicode', false];
}

/** A command from the schemas, mutated (or, one time in six, left valid), as JSON text. */
export function commandCase(r: Rand, ids: KnownIds, id: string): CommandCase {
  const sites: Site[] = [];
  const command = generate(r, r.pick(COMMANDS), '', ids, sites, []) as Node;
  command.id = id;
  let [kind, mustRefuse] = r.chance(1 / 6) ? ['valid', false] : mutate(r, command, sites);
  let payload: unknown = command;
  if (r.chance(0.03)) {
    [kind, mustRefuse] = ['not-an-object', true];
    payload = r.pick([42, 'join', null, [command], true, JSON.stringify(command)]);
  }
  const text = JSON.stringify(payload).replace(NESTED, (_, d: string) => {
    const depth = Number(d);
    return '['.repeat(depth) + ']'.repeat(depth);
  });
  return { kind, text, mustRefuse };
}
