import type { AspectSlot, RulesetId } from '@fateboard/rules';
import { exhaustive } from '@fateboard/rules';
import type { Sheet } from '@fateboard/table';
import type { FoundAspect } from './found';
import type { ImportReport } from './portable';
import { ID, LIMITS, clamp } from './sheet-limits';
import { clip, fold } from './text';

/**
 * A file's aspects into a ruleset's aspect slots: by role first (high concept, trouble, ship),
 * narrative's by category, then the rest in the file's order; what does not fit is dropped
 * and every move is reported.
 */

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

export function adaptAspects(
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
