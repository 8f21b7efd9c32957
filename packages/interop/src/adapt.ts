import type { AspectSlot, RulesetId, Severity } from '@fateboard/rules';
import { exhaustive } from '@fateboard/rules';
import type { Sheet } from '@fateboard/table';
import type { FoundAspect, FoundCharacter } from './found';
import type { ImportReport, PlayState, PortableCharacter } from './portable';
import { rulesetFor } from './rulesets';
import { APPROACH_IDS, skillIdOf } from './skills';
import { clip, fold } from './text';
import { checkSheet } from './validate';

/**
 * Fits what a reader found to one ruleset's template: aspect slots, skill list, limits of the
 * sheet schema. Every choice lands in the report — mapped as it was, adapted to the ruleset,
 * or dropped — so the player sees it in the preview before anything is written.
 */

export interface AdaptOptions {
  /** A GM importing an NPC: the file's refresh is kept (a player character's is derived). */
  npc?: boolean;
}

/** The sheet schema's bounds (`@fateboard/table` SheetSchema). */
const LIMITS = { name: 80, aspect: 200, stuntName: 80, stuntText: 600, list: 20, skills: 60 };
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Where an approach goes in a game with a skill list (by what each approach is used for). */
const APPROACH_TO_SKILL: Readonly<Record<string, string>> = {
  careful: 'notice',
  clever: 'lore',
  flashy: 'rapport',
  forceful: 'fight',
  quick: 'athletics',
  sneaky: 'stealth',
};
/** Fate Core skills and approaches into the pirates' six. */
const TO_PIRATES: Readonly<Record<string, string>> = {
  athletics: 'explore',
  investigate: 'explore',
  survival: 'explore',
  crafts: 'jury-rig',
  rapport: 'parley',
  contacts: 'parley',
  deceive: 'parley',
  notice: 'savvy',
  lore: 'savvy',
  empathy: 'savvy',
  stealth: 'sneak',
  burglary: 'sneak',
  fight: 'swashbuckle',
  careful: 'savvy',
  clever: 'jury-rig',
  flashy: 'swashbuckle',
  forceful: 'swashbuckle',
  quick: 'explore',
  sneaky: 'sneak',
};

export function adapt(
  found: FoundCharacter,
  ruleset: RulesetId,
  source: string,
  options: AdaptOptions = {},
): { character: PortableCharacter; report: ImportReport } {
  const report: ImportReport = {
    source,
    mapped: [],
    adapted: [],
    dropped: [...found.dropped],
    problems: [],
  };
  const name = clip(found.name, LIMITS.name);
  if (name.cut) report.adapted.push(`name cut to ${LIMITS.name} characters`);
  const sheet: Sheet = { name: name.text || 'Imported character' };
  if (!name.text) report.adapted.push('the file has no name: named "Imported character"');
  else report.mapped.push(`name: ${name.text}`);

  sheet.aspects = adaptAspects(found.aspects, ruleset, report);
  const skills = adaptSkills(found, ruleset, report);
  if (skills.length > 0) sheet.skills = skills;
  const stunts = adaptStunts(found, report);
  if (stunts.length > 0) sheet.stunts = stunts;
  if (found.primaryMagic !== undefined && ruleset === 'pirates')
    sheet.primaryMagic = found.primaryMagic;
  if (found.refresh !== undefined) {
    if (options.npc) {
      sheet.refresh = Math.max(0, Math.min(20, found.refresh));
      report.mapped.push(`refresh ${sheet.refresh}`);
    } else {
      report.adapted.push(
        `refresh ${found.refresh} in the file: a player character's refresh is worked out from its stunts`,
      );
    }
  }
  const play = adaptPlay(found, ruleset, report);
  report.problems = checkSheet(ruleset, sheet, options.npc ?? false);
  return { character: { ruleset, sheet, play }, report };
}

/** The slots of each ruleset's template, in order. */
function slotsOf(ruleset: RulesetId): AspectSlot[] {
  switch (ruleset) {
    case 'fate-core':
    case 'edgerunner':
      return ['high-concept', 'trouble', 'other', 'other', 'other'];
    case 'pirates':
      return ['high-concept', 'trouble', 'ship', 'free', 'free'];
    case 'narrative':
      return ['other', 'other', 'other', 'other'];
    default:
      return exhaustive(ruleset);
  }
}

const SLOT_NAMES: Partial<Record<AspectSlot, string>> = {
  'high-concept': 'High Concept',
  trouble: 'Trouble',
  ship: 'Ship',
};

const NARRATIVE_IDS = ['body', 'mind', 'social', 'professional'];
const NARRATIVE_SPREAD = [3, 2, 2, 1];

function adaptAspects(
  found: FoundAspect[],
  ruleset: RulesetId,
  report: ImportReport,
): NonNullable<Sheet['aspects']> {
  const given = found.filter((a) => a.text !== '' || a.rating !== undefined);
  const slots = slotsOf(ruleset);
  const chosen: { slot: AspectSlot; from?: FoundAspect }[] = slots.map((slot) => ({ slot }));
  const used = new Set<FoundAspect>();
  const place = (slot: AspectSlot, pick: (a: FoundAspect) => boolean) => {
    const target = chosen.find((c) => c.slot === slot && c.from === undefined);
    const source = given.find((a) => !used.has(a) && pick(a));
    if (target && source) {
      target.from = source;
      used.add(source);
    }
  };
  if (ruleset === 'narrative') {
    // Narrative's aspects are keyed by category; a file that names them keeps them there.
    NARRATIVE_IDS.forEach((id, i) => {
      const source = given.find((a) => !used.has(a) && (a.id === id || fold(a.label) === id));
      if (source && chosen[i]) {
        chosen[i].from = source;
        used.add(source);
      }
    });
  }
  for (const role of ['high-concept', 'trouble', 'ship'] as const)
    place(role, (a) => a.role === role);
  // Then what is left, in the file's order, into the free slots.
  for (const c of chosen) {
    if (c.from !== undefined) continue;
    const source = given.find((a) => !used.has(a));
    if (!source) break;
    c.from = source;
    used.add(source);
    if (source.role !== 'other' && source.role !== c.slot) {
      report.adapted.push(`aspect "${source.text}" (${source.label}) put in a ${c.slot} slot`);
    } else if (c.slot in SLOT_NAMES) {
      // The file did not say which aspect is this one: the next in its order is taken.
      report.adapted.push(
        `aspect "${source.text}" (${source.label || 'unlabelled'}) taken as the ${SLOT_NAMES[c.slot]}`,
      );
    }
  }
  // Blank aspects from the file keep their place (and id) in the slots still empty.
  const blanks = found.filter((a) => !given.includes(a));
  for (const c of chosen) {
    if (c.from !== undefined) continue;
    const blank =
      blanks.find((a) => !used.has(a) && a.role === c.slot) ?? blanks.find((a) => !used.has(a));
    if (!blank) break;
    c.from = blank;
    used.add(blank);
  }
  // Within one kind of slot, aspects keep the file's order (a blank free aspect stays first);
  // narrative's slots are categories, placed above, and stay as they are.
  if (ruleset !== 'narrative') {
    for (const slot of new Set(slots)) {
      const same = chosen.filter((c) => c.slot === slot);
      const inOrder = same.map((c) => c.from).sort((a, b) => indexIn(found, a) - indexIn(found, b));
      same.forEach((c, i) => (c.from = inOrder[i]));
    }
  }
  for (const a of given)
    if (!used.has(a))
      report.dropped.push(`aspect "${a.text}": ${ruleset} has ${slots.length} aspect slots`);
  const ids = new Set<string>();
  return chosen.map((c, i) => {
    const narrativeId = ruleset === 'narrative' ? NARRATIVE_IDS[i] : undefined;
    const own = c.from?.id;
    const id =
      narrativeId ?? (own !== undefined && ID.test(own) && !ids.has(own) ? own : `aspect-${i + 1}`);
    ids.add(id);
    const text = clip(c.from?.text ?? '', LIMITS.aspect);
    if (text.cut) report.adapted.push(`aspect "${text.text}…" cut to ${LIMITS.aspect} characters`);
    if (c.from && text.text !== '') report.mapped.push(`aspect (${c.slot}): ${text.text}`);
    const rating = ruleset === 'narrative' ? narrativeRating(c.from, i, report) : undefined;
    return {
      id,
      slot: c.slot,
      text: text.text,
      ...(rating === undefined ? {} : { rating }),
      ...(ruleset === 'edgerunner' ? { permanent: c.from?.permanent ?? true } : {}),
    };
  });
}

/** Where an aspect sits in the file; slots left empty sort last. */
const indexIn = (found: FoundAspect[], a: FoundAspect | undefined): number =>
  a === undefined ? found.length : found.indexOf(a);

function narrativeRating(from: FoundAspect | undefined, i: number, report: ImportReport): number {
  if (from?.rating !== undefined) return clamp(from.rating, -4, 12);
  const rating = NARRATIVE_SPREAD[i] ?? 0;
  if (from)
    report.adapted.push(
      `aspect "${from.text}" rated ${rating} (narrative rates aspects like skills)`,
    );
  return rating;
}

const clamp = (n: number, min: number, max: number) => Math.max(min, Math.min(max, n));

function adaptSkills(
  found: FoundCharacter,
  ruleset: RulesetId,
  report: ImportReport,
): NonNullable<Sheet['skills']> {
  const list = rulesetFor(ruleset).skills;
  if (list === null) {
    for (const k of found.skills)
      report.dropped.push(
        `skill ${k.label} ${signed(k.rating)}: narrative has no skills (its aspects are rated)`,
      );
    return [];
  }
  const known = new Set(list.map((k) => k.id));
  const byName = new Map(list.map((k) => [fold(k.name), k.id]));
  const out = new Map<string, number>();
  const notes: string[] = [];
  for (const k of found.skills) {
    const direct = [k.id, byName.get(fold(k.label)), skillIdOf(k.label)].find(
      (id) => id !== undefined && known.has(id),
    );
    const foreign = skillIdOf(k.label) ?? k.id ?? '';
    const moved =
      direct ?? (ruleset === 'pirates' ? TO_PIRATES[foreign] : APPROACH_TO_SKILL[foreign]);
    if (moved === undefined || !known.has(moved)) {
      if (k.rating !== 0)
        report.dropped.push(`skill ${k.label} ${signed(k.rating)}: not a ${ruleset} skill`);
      continue;
    }
    const rating = clamp(k.rating, -4, 12);
    const previous = out.get(moved);
    if (previous !== undefined && previous >= rating) {
      if (k.rating !== 0)
        report.dropped.push(
          `skill ${k.label} ${signed(k.rating)}: ${moved} is already ${signed(previous)}`,
        );
      continue;
    }
    out.set(moved, rating);
    if (direct === undefined) {
      const kind = APPROACH_IDS.includes(foreign) ? 'approach' : 'skill';
      notes.push(`${kind} ${k.label} ${signed(k.rating)} became ${moved} in ${ruleset}`);
    } else report.mapped.push(`skill ${moved} ${signed(rating)}`);
  }
  report.adapted.push(...notes);
  return [...out].slice(0, LIMITS.skills).map(([id, rating]) => ({ id, rating }));
}

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`);

function adaptStunts(found: FoundCharacter, report: ImportReport): NonNullable<Sheet['stunts']> {
  const ids = new Set<string>();
  const kept = found.stunts.slice(0, LIMITS.list);
  for (const s of found.stunts.slice(LIMITS.list))
    report.dropped.push(`stunt ${s.name}: a sheet holds ${LIMITS.list} stunts`);
  return kept.map((s, i) => {
    const name = clip(s.name || `Stunt ${i + 1}`, LIMITS.stuntName);
    const text = clip(s.text, LIMITS.stuntText);
    if (name.cut || text.cut) report.adapted.push(`stunt ${name.text} cut to the sheet's length`);
    report.mapped.push(`stunt ${name.text}`);
    const id = s.id !== undefined && ID.test(s.id) && !ids.has(s.id) ? s.id : `stunt-${i + 1}`;
    ids.add(id);
    return { id, name: name.text, text: text.text };
  });
}

/** Which severities each ruleset has slots for. */
const SEVERITIES: Readonly<Record<RulesetId, readonly Severity[]>> = {
  'fate-core': ['mild', 'moderate', 'severe', 'extreme'],
  pirates: ['mild', 'moderate', 'severe'],
  edgerunner: ['mild', 'moderate', 'severe'],
  narrative: [],
};

function adaptPlay(found: FoundCharacter, ruleset: RulesetId, report: ImportReport): PlayState {
  const play: PlayState = { stress: [], consequences: [] };
  if (found.fatePoints !== undefined) {
    play.fatePoints = clamp(found.fatePoints, 0, 99);
    report.mapped.push(`fate points ${play.fatePoints}`);
  }
  for (const t of found.stress) {
    if (ruleset === 'narrative') {
      report.dropped.push(
        `stress track ${t.label}: narrative has no stress (damage lowers aspects)`,
      );
      continue;
    }
    // Pirates has one track for any harm; the others one per kind (an unlabelled one is physical).
    const kind = ruleset === 'pirates' ? 'any' : t.kind === 'any' ? 'physical' : t.kind;
    if (play.stress.some((s) => s.kind === kind)) {
      report.dropped.push(
        `stress track ${t.label}: ${ruleset} has one ${kind === 'any' ? '' : `${kind} `}track`,
      );
      continue;
    }
    if (kind !== t.kind)
      report.adapted.push(
        `stress track ${t.label} taken as ${kind === 'any' ? 'the' : `the ${kind}`} track`,
      );
    else
      report.mapped.push(
        `stress track ${t.label} (${t.boxes.filter((b) => b.checked).length} of ${t.boxes.length} checked)`,
      );
    play.stress.push({ kind, label: t.label || 'Stress', boxes: t.boxes.slice(0, 20) });
  }
  const slots = [...SEVERITIES[ruleset]];
  for (const c of found.consequences) {
    if (!c.taken) continue;
    const severity =
      c.severity !== undefined && slots.includes(c.severity)
        ? c.severity
        : slots.find((s) => !play.consequences.some((x) => x.severity === s));
    if (severity === undefined || play.consequences.some((x) => x.severity === severity)) {
      report.dropped.push(
        `consequence "${c.text}": no free ${c.severity ?? ''} slot in ${ruleset}`.replace(
          '  ',
          ' ',
        ),
      );
      continue;
    }
    const text = clip(c.text, LIMITS.aspect).text;
    play.consequences.push({ severity, text });
    if (severity !== c.severity)
      report.adapted.push(`consequence "${text}" (${c.label}) taken as ${severity}`);
    else report.mapped.push(`consequence (${severity}): ${text}`);
  }
  return play;
}
