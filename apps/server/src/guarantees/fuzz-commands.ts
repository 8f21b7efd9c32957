import { CommandSchema } from '@fateboard/table';
import { CONTROLS, hostileText } from './fuzz-messages';
import type { Rand } from './fuzz-messages';
import { bound, generate, isLine } from './fuzz-schema';
import type { KnownIds, Schema, Site } from './fuzz-schema';

export type { KnownIds } from './fuzz-schema';

// Commands for the fuzzer: a valid command drawn by walking the table's own valibot schemas
// (fuzz-schema.ts), then mutated. Each mutation says whether the protocol promises a refusal
// for it (docs/PROTOCOL.md, Commands; docs/GUARANTEES.md, 7), which the fuzzer then checks.

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
