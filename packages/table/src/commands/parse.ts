import * as v from 'valibot';
import { CommandSchema } from './schemas';
import type { Command, CommandType } from './schemas';

/** The boundary where a command's bytes become a typed `Command`, or a refusal in words. */

/** Every command type, for docs, clients and tests. */
export const COMMAND_TYPES: readonly CommandType[] = CommandSchema.options.map(
  (o) => o.entries.type.literal,
);

export function parseCommand(
  input: unknown,
): { ok: true; command: Command } | { ok: false; code: 'bad-command'; message: string } {
  const parsed = v.safeParse(CommandSchema, input);
  if (parsed.success) return { ok: true, command: parsed.output };
  return { ok: false, code: 'bad-command', message: v.summarize(parsed.issues) };
}
