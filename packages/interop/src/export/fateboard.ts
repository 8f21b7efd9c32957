import { RULESET_IDS } from '@fateboard/rules';
import { SheetSchema } from '@fateboard/table';
import * as v from 'valibot';
import type { Refused } from '../errors';
import { refused } from '../errors';
import type { JsonRecord } from '../json';
import type { PortableCharacter } from '../portable';

/**
 * Fateboard's own character file (docs/PROTOCOL.md, "Character files"): the sheet exactly as
 * `character.create` takes it, plus the play state, under a format name and a version. A file
 * with a newer version is refused with a message rather than half read; a future version 2
 * adds a migration from 1 here.
 */
export const FATEBOARD_FORMAT = 'fateboard-character';
export const FATEBOARD_VERSION = 1;

const int = (min: number, max: number) =>
  v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const Severity = v.picklist(['mild', 'moderate', 'severe', 'extreme']);

export const FateboardCharacterFileSchema = v.strictObject({
  format: v.literal(FATEBOARD_FORMAT),
  version: v.literal(FATEBOARD_VERSION),
  ruleset: v.picklist(RULESET_IDS),
  character: SheetSchema,
  play: v.strictObject({
    fatePoints: v.optional(int(0, 99)),
    stress: v.pipe(
      v.array(
        v.strictObject({
          kind: v.picklist(['physical', 'mental', 'any']),
          label: v.pipe(v.string(), v.maxLength(80)),
          boxes: v.pipe(
            v.array(v.strictObject({ value: int(0, 20), checked: v.boolean() })),
            v.maxLength(20),
          ),
        }),
      ),
      v.maxLength(10),
    ),
    consequences: v.pipe(
      v.array(v.strictObject({ severity: Severity, text: v.pipe(v.string(), v.maxLength(200)) })),
      v.maxLength(10),
    ),
  }),
});
export type FateboardCharacterFile = v.InferOutput<typeof FateboardCharacterFileSchema>;

export function toFateboardFile(c: PortableCharacter): FateboardCharacterFile {
  return {
    format: FATEBOARD_FORMAT,
    version: FATEBOARD_VERSION,
    ruleset: c.ruleset,
    character: c.sheet,
    play: c.play,
  };
}

export const looksLikeFateboard = (o: JsonRecord): boolean => o.format === FATEBOARD_FORMAT;

/** A parsed Fateboard character file, validated, or why it was refused. */
export function readFateboardFile(
  o: JsonRecord,
): { ok: true; character: PortableCharacter } | Refused {
  if (typeof o.version === 'number' && o.version > FATEBOARD_VERSION) {
    return refused(
      'unsupported-version',
      `This Fateboard character file is version ${o.version}; this Fateboard reads up to version ${FATEBOARD_VERSION}. Update Fateboard to import it.`,
    );
  }
  const parsed = v.safeParse(FateboardCharacterFileSchema, o);
  if (!parsed.success) {
    const first = parsed.issues[0];
    const where = first ? v.getDotPath(first) : null;
    return refused(
      'bad-fateboard-file',
      `This Fateboard character file is damaged${where ? ` at ${where}` : ''}: ${first?.message ?? 'unreadable'}.`,
    );
  }
  const { ruleset, character, play } = parsed.output;
  return { ok: true, character: { ruleset, sheet: character, play } };
}
