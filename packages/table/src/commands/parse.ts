import * as v from 'valibot';
import { CommandSchema } from './schemas';
import type { Command, CommandType } from './schemas';

/** The boundary where a command's bytes become a typed `Command`, or a refusal in words. */

/** Every command type, for docs, clients and tests. */
// Both are marked pure, so that a browser bundle that only sends commands leaves out every
// command schema (and the server keeps them).
export const COMMAND_TYPES: readonly CommandType[] = /* @__PURE__ */ CommandSchema.options.map(
  (o) => o.entries.type.literal,
);

/** Each command's own schema by its type. */
const SCHEMA_OF = /* @__PURE__ */ new Map<string, (typeof CommandSchema.options)[number]>(
  /* @__PURE__ */ CommandSchema.options.map((o) => [o.entries.type.literal, o]),
);

export function parseCommand(
  input: unknown,
): { ok: true; command: Command } | { ok: false; code: 'bad-command'; message: string } {
  // The command's own schema when its type is known (the variant would try the types one by
  // one, on every command); the variant otherwise, for its message about the type.
  const type: unknown =
    typeof input === 'object' && input !== null ? (input as { type?: unknown }).type : undefined;
  const schema = (typeof type === 'string' && SCHEMA_OF.get(type)) || CommandSchema;
  const parsed = v.safeParse(schema, input);
  if (parsed.success) return { ok: true, command: parsed.output };
  return { ok: false, code: 'bad-command', message: v.summarize(parsed.issues) };
}
