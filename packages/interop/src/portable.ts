import type { Character, HarmKind, RulesetId, Severity } from '@fateboard/rules';
import type { Sheet } from '@fateboard/table';
import type { ImportError } from './errors';

/**
 * A character as it leaves or enters Fateboard: the sheet `character.create` takes, and the
 * play state the sheet cannot carry (fate points, checked stress, taken consequences) so that
 * a later step — or a table restore — may apply it.
 */
export interface PortableCharacter {
  ruleset: RulesetId;
  sheet: Sheet;
  play: PlayState;
}

export interface PlayState {
  fatePoints?: number;
  /** Tracks with their boxes as they stand; matched to the ruleset's tracks by `kind`. */
  stress: { kind: HarmKind; label: string; boxes: { value: number; checked: boolean }[] }[];
  /** Only taken consequences, by severity. */
  consequences: { severity: Severity; text: string }[];
}

/** What became of a file's contents, line by line: kept as it was, fitted, or left out. */
export interface ReportLines {
  mapped: string[];
  adapted: string[];
  dropped: string[];
}

/** What an import did, line by line, for the editor to show before anything is written. */
export interface ImportReport extends ReportLines {
  /** Where the file came from, e.g. `Fari character (version 6 shape)`. */
  source: string;
  /** The ruleset's checks on the result; empty when the sheet may be created as it is. */
  problems: { code: string; message: string; path?: string; rule?: string }[];
}

export type ImportResult =
  | { ok: true; character: PortableCharacter; report: ImportReport }
  | { ok: false; error: ImportError };

/** The portable form of a stored character (what export writes). */
export function portableOf(c: Character): PortableCharacter {
  const sheet: Sheet = {
    name: c.name,
    aspects: c.aspects.map((a) => ({
      id: a.id,
      slot: a.slot,
      text: a.text,
      // A damaged narrative aspect exports its undamaged rating; the damage is play state.
      ...((a.baseRating ?? a.rating) === undefined ? {} : { rating: a.baseRating ?? a.rating }),
      ...(a.permanent === undefined ? {} : { permanent: a.permanent }),
    })),
    skills: c.skills.map((k) => ({ id: k.id, rating: k.rating })),
    stunts: c.stunts.map((s) => ({ id: s.id, name: s.name, text: s.text })),
    ...(c.npc ? { refresh: c.refresh } : {}),
    ...(c.primaryMagic === undefined ? {} : { primaryMagic: c.primaryMagic }),
  };
  return {
    ruleset: c.ruleset,
    sheet,
    play: {
      fatePoints: c.fatePoints,
      stress: c.stress.map((t) => ({
        kind: t.kind,
        label: t.label,
        boxes: t.boxes.map((b) => ({ value: b.value, checked: b.checked })),
      })),
      consequences: c.consequences.flatMap((s) =>
        s.taken ? [{ severity: s.severity, text: s.taken.text }] : [],
      ),
    },
  };
}
