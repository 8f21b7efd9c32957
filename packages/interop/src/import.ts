import type { RulesetId } from '@fateboard/rules';
import type { AdaptOptions } from './adapt';
import { adapt } from './adapt';
import { refused } from './errors';
import { looksLikeFateboard, readFateboardFile } from './export/fateboard';
import { looksLikeFari, readFariCharacter } from './fari/character';
import type { FariShape } from './fari/shape';
import type { FoundCharacter } from './found';
import { looksLikeFoundryActor, readFoundryActor } from './foundry/actor';
import { isRecord } from './json';
import type { ImportError } from './errors';
import type { ImportReport, ImportResult, PortableCharacter, ReportLines } from './portable';
import { parseJsonSafely } from './safe-json';
import { checkSheet } from './validate';

/** A character file read and fitted to a ruleset: its sheet's report and its play state's apart. */
export type CharacterRead =
  | { ok: true; character: PortableCharacter; report: ImportReport; playLines: ReportLines }
  | { ok: false; error: ImportError };

/**
 * The one door for a character file: checks the limits, tells the format from the content
 * (never from a file name), reads it, and fits it to `ruleset`. Never throws on any input. A
 * converted file carries the play state too, so its report lists both.
 */
export function importCharacter(
  input: string | Uint8Array,
  ruleset: RulesetId,
  options: AdaptOptions = {},
): ImportResult {
  const read = readCharacterFile(input, ruleset, options);
  if (!read.ok) return read;
  const { report, playLines } = read;
  return {
    ok: true,
    character: read.character,
    report: {
      ...report,
      mapped: [...report.mapped, ...playLines.mapped],
      adapted: [...report.adapted, ...playLines.adapted],
      dropped: [...report.dropped, ...playLines.dropped],
    },
  };
}

/** Reads a character file for `importCharacter` and `importForTable` (for-table.ts). */
export function readCharacterFile(
  input: string | Uint8Array,
  ruleset: RulesetId,
  options: AdaptOptions,
): CharacterRead {
  const parsed = parseJsonSafely(input);
  if (!parsed.ok) return parsed;
  const o = parsed.value;
  if (!isRecord(o)) {
    return refused('unknown-format', 'This JSON is not a character file: it should be one object.');
  }
  if (looksLikeFateboard(o)) {
    const read = readFateboardFile(o);
    if (!read.ok) return read;
    return fromPortable(read.character, ruleset, options);
  }
  if (looksLikeFari(o)) {
    const read = readFariCharacter(o);
    if (!read.ok) return read;
    const version = read.version === undefined ? '' : `, marked version ${read.version}`;
    return {
      ok: true,
      ...adapt(
        read.found,
        ruleset,
        `Fari character (${SHAPE_NAMES[read.shape]}${version})`,
        options,
      ),
    };
  }
  if (looksLikeFoundryActor(o)) {
    const read = readFoundryActor(o);
    if (!read.ok) return read;
    return {
      ok: true,
      ...adapt(read.found, ruleset, 'Foundry VTT Fate Core Official actor', options),
    };
  }
  return refused(
    'unknown-format',
    'Fateboard does not know this file: it reads Fari characters (.fari.json), Foundry VTT Fate Core Official actors and its own character files.',
  );
}

const SHAPE_NAMES: Readonly<Record<FariShape, string>> = {
  positions: 'version 3 layout',
  columns: 'version 4 layout',
  rows: 'version 5–6 layout',
};

/** A Fateboard file: as it is in its own ruleset, adapted like any other file in another. */
function fromPortable(
  c: PortableCharacter,
  ruleset: RulesetId,
  options: AdaptOptions,
): CharacterRead {
  const source = `Fateboard character file (${c.ruleset})`;
  if (c.ruleset === ruleset) {
    return {
      ok: true,
      character: c,
      report: {
        source,
        mapped: ['the whole sheet, as exported'],
        adapted: [],
        dropped: [],
        problems: checkSheet(ruleset, c.sheet, options.npc ?? c.sheet.refresh !== undefined),
      },
      playLines: {
        mapped: ['its fate points, stress and consequences, as exported'],
        adapted: [],
        dropped: [],
      },
    };
  }
  return { ok: true, ...adapt(foundOf(c), ruleset, source, options) };
}

function foundOf(c: PortableCharacter): FoundCharacter {
  const { sheet, play } = c;
  return {
    name: sheet.name,
    aspects: (sheet.aspects ?? []).map((a) => ({
      id: a.id,
      label: a.id,
      role: a.slot === 'free' || a.slot === 'other' ? 'other' : a.slot,
      text: a.text,
      ...(a.rating === undefined ? {} : { rating: a.rating }),
    })),
    skills: (sheet.skills ?? []).map((k) => ({ id: k.id, label: k.id, rating: k.rating })),
    stunts: sheet.stunts ?? [],
    ...(sheet.refresh === undefined ? {} : { refresh: sheet.refresh }),
    ...(play.fatePoints === undefined ? {} : { fatePoints: play.fatePoints }),
    stress: play.stress,
    consequences: play.consequences.map((x) => ({
      label: x.severity,
      severity: x.severity,
      text: x.text,
      taken: true,
    })),
    dropped: [],
  };
}
