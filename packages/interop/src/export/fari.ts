import type { AspectSlot, Character, Severity } from '@fateboard/rules';
import { sheetDraft } from '@fateboard/table';
import type { PortableCharacter } from '../portable';
import { RULESETS } from '@fateboard/rules';

/**
 * A character as a Fari character file of the latest layout (version 6: rows of columns of
 * sections, upper-case section labels), as Fari's own Fate Core template lays it out: aspects,
 * stunts and the fate point counter on the left; skills, stress and consequences on the right.
 * Block ids are Fateboard's ids, so a file that comes back keeps them. Pure: the caller passes
 * the time (`lastUpdated`, Unix seconds) if it wants one.
 */
export interface FariBlock {
  id: string;
  label: string;
  type: 'Text' | 'Skill' | 'PointCounter' | 'SlotTracker';
  value: string | { label: string; checked: boolean }[];
  meta: Record<string, unknown>;
}
export interface FariSectionOut {
  id: string;
  label: string;
  visibleOnCard?: boolean;
  blocks: FariBlock[];
}
export interface FariCharacterFile {
  fariType: 'character';
  id: string;
  name: string;
  group: undefined;
  version: 6;
  lastUpdated: number;
  wide: boolean;
  pages: { id: string; label: string; rows: { columns: { sections: FariSectionOut[] }[] }[] }[];
}

const SLOT_LABELS: Readonly<Record<AspectSlot, string>> = {
  'high-concept': 'HIGH CONCEPT',
  trouble: 'TROUBLE',
  ship: 'SHIP',
  free: 'ASPECT',
  other: 'ASPECT',
};
const SEVERITY_LABELS: Readonly<Record<Severity, string>> = {
  mild: 'MILD',
  moderate: 'MODERATE',
  severe: 'SEVERE',
  extreme: 'EXTREME',
};

/** Text as a contentEditable holds it: markup characters escaped, line breaks as `<br>`. */
const html = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>');

export function toFariFile(
  c: PortableCharacter,
  options: { lastUpdated?: number } = {},
): FariCharacterFile {
  const ruleset = RULESETS[c.ruleset];
  // The derived sheet gives the refresh and the tracks and slots the file should show.
  const { character } = sheetDraft(ruleset, 'export', c.sheet, c.sheet.refresh !== undefined);
  const names = new Map((ruleset.skills ?? []).map((k) => [k.id, k.name]));
  const rated = c.ruleset === 'narrative';
  const aspects: FariBlock[] = (c.sheet.aspects ?? []).map((a) =>
    rated
      ? {
          id: a.id,
          label: html(a.text),
          type: 'Skill',
          value: String(a.rating ?? 0),
          meta: { commands: ['3dF'] },
        }
      : { id: a.id, label: SLOT_LABELS[a.slot], type: 'Text', value: html(a.text), meta: {} },
  );
  const skills: FariBlock[] = (c.sheet.skills ?? []).map((k) => ({
    id: k.id,
    label: names.get(k.id) ?? k.id,
    type: 'Skill',
    value: String(k.rating),
    meta: { commands: ['4dF'] },
  }));
  const stunts: FariBlock[] = (c.sheet.stunts ?? []).map((s) => ({
    id: s.id,
    label: html(s.name),
    type: 'Text',
    value: html(s.text),
    meta: {},
  }));
  const fatePoints: FariBlock = {
    id: 'fate-points',
    label: 'FATE POINTS',
    type: 'PointCounter',
    value: String(c.play.fatePoints ?? character.refresh),
    meta: { isMainPointCounter: true, max: String(character.refresh) },
  };
  const left = [
    section('aspects', 'ASPECTS', aspects, true),
    section('stunts', 'STUNTS & EXTRAS', stunts),
    section('fate-points', 'FATE POINTS', [fatePoints]),
  ];
  const right = [
    ...(rated ? [] : [section('skills', 'SKILLS', skills, true)]),
    ...(character.stress.length > 0 || c.play.stress.length > 0
      ? [section('stress', 'STRESS', stressBlocks(c, character))]
      : []),
    ...(character.consequences.length > 0
      ? [section('consequences', 'CONSEQUENCES', consequenceBlocks(c, character))]
      : []),
  ];
  return {
    fariType: 'character',
    id: `fateboard-${slug(c.sheet.name)}`,
    name: html(c.sheet.name),
    group: undefined,
    version: 6,
    lastUpdated: options.lastUpdated ?? 0,
    wide: false,
    pages: [
      {
        id: 'character',
        label: 'CHARACTER',
        rows: [{ columns: [{ sections: left }, { sections: right }] }],
      },
    ],
  };
}

const section = (
  id: string,
  label: string,
  blocks: FariBlock[],
  visibleOnCard = false,
): FariSectionOut => ({
  id,
  label,
  ...(visibleOnCard ? { visibleOnCard } : {}),
  blocks,
});

const slug = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 40) || 'character';

/** The play state's tracks where it has them, else the derived sheet's (all unchecked). */
function stressBlocks(c: PortableCharacter, character: Character): FariBlock[] {
  const tracks = c.play.stress.length > 0 ? c.play.stress : character.stress;
  return tracks.map((t, i) => ({
    id: `stress-${i + 1}`,
    label: (t.label || t.kind).toUpperCase(),
    type: 'SlotTracker',
    value: t.boxes.map((b) => ({ label: String(b.value), checked: b.checked })),
    meta: {},
  }));
}

/** One block per consequence slot of the derived sheet, the taken ones checked with their text. */
function consequenceBlocks(c: PortableCharacter, character: Character): FariBlock[] {
  const taken = [...c.play.consequences];
  return character.consequences.map((slot, i) => {
    const at = taken.findIndex((t) => t.severity === slot.severity);
    const text = at >= 0 ? (taken.splice(at, 1)[0]?.text ?? '') : '';
    return {
      id: `consequence-${i + 1}`,
      label: `${SEVERITY_LABELS[slot.severity]} (${slot.value})`,
      type: 'Text',
      value: html(text),
      meta: { checked: text !== '' },
    };
  });
}
