import type { Character, CharacterAspect } from '../../core/character';
import { signed } from '../../core/ladder';
import type { AbsorptionOption, AbsorptionResult, Hit } from '../../core/ruleset';
import type { Result } from '../../core/types';
import { ok, refuse } from '../../core/types';
import { narrativeBaseRating, NARRATIVE_FLOOR } from './template';

/**
 * Damage lowers aspect ratings [NAR-DAMAGE-1]: a hit of N shifts (the degree of success) removes
 * N levels, spread as the defender chooses, never below Poor (−1). Any kind of harm can lower any
 * aspect: the text says damage "is not always physical" and names no tracks.
 */
function capacity(a: CharacterAspect): number {
  return narrativeAspectOnSheet(a) ? Math.max(0, (a.rating ?? 0) - NARRATIVE_FLOOR) : 0;
}

/**
 * An aspect takes damage only when it is written and rated. An NPC may leave the editor's other
 * category rows blank (only a PC must fill all four [NAR-SHEET-1]); a blank row is not an aspect
 * the defender could lower, so it neither soaks a hit nor keeps its owner standing
 * [NAR-DAMAGE-1] [NAR-INCAP-1].
 */
export function narrativeAspectOnSheet(a: CharacterAspect): boolean {
  return a.rating !== undefined && a.text.trim() !== '';
}

/** Levels the character can still lose before every aspect is at Poor. */
export function narrativeRemainingLevels(character: Character): number {
  return character.aspects.reduce((sum, a) => sum + capacity(a), 0);
}

/** Incapacitated exactly when every (rated) aspect is down to Poor [NAR-INCAP-1]. */
export function isIncapacitated(character: Character): boolean {
  const rated = character.aspects.filter(narrativeAspectOnSheet);
  return rated.length > 0 && rated.every((a) => (a.rating ?? 0) <= NARRATIVE_FLOOR);
}

/**
 * Past this many options the list stops growing; sheets of 4–6 aspects never get near it. On a
 * huge NPC sheet the list holds every spread over the fewest aspects, then the first ones found
 * over one more, still sorted by the order below.
 */
const MAX_OPTIONS = 500;

/**
 * Every way to spread the hit, each exactly the hit's levels [NAR-DAMAGE-2]. Order, cheapest
 * first: (1) fewer aspects lowered; (2) the ratings left standing, compared highest first, are
 * higher — so the weakest aspects soak damage before the best ones; (3) the aspect earlier on the
 * sheet is lowered first. Empty when the hit exceeds what is left: incapacitated.
 */
export function narrativeAbsorptionOptions(character: Character, hit: Hit): AbsorptionOption[] {
  if (hit.shifts <= 0)
    return [{ consequences: [], aspectDamage: [], absorbs: 0, label: 'No harm' }];
  if (narrativeRemainingLevels(character) < hit.shifts) return [];
  const aspects = character.aspects;
  const caps = aspects.map(capacity);
  const found: number[][] = [];
  // Distributions touching exactly k aspects, for growing k, so a cap keeps the cheapest ones.
  for (let k = 1; k <= aspects.length && found.length < MAX_OPTIONS; k++) {
    spread(caps, hit.shifts, k, 0, [], found);
  }
  const ratingsAfter = (levels: number[]) =>
    aspects.map((a, i) => (a.rating ?? 0) - (levels[i] ?? 0)).sort((x, y) => y - x);
  const touched = (levels: number[]) => levels.filter((l) => l > 0).length;
  found.sort(
    (x, y) =>
      touched(x) - touched(y) || compareDesc(ratingsAfter(y), ratingsAfter(x)) || compareDesc(y, x),
  );
  return found.slice(0, MAX_OPTIONS).map((levels) => {
    const aspectDamage = levels.flatMap((l, i) => {
      const a = aspects[i];
      return a && l > 0 ? [{ aspectId: a.id, levels: l }] : [];
    });
    const label = aspectDamage
      .map((d) => {
        const a = aspects.find((x) => x.id === d.aspectId);
        return `${a?.text.trim() || d.aspectId} ${signed(-d.levels)}`;
      })
      .join(', ');
    return { consequences: [], aspectDamage, absorbs: hit.shifts, label };
  });
}

/** Fills `out` with every levels vector touching exactly `k` aspects from index `from` on. */
function spread(
  caps: readonly number[],
  left: number,
  k: number,
  from: number,
  prefix: number[],
  out: number[][],
): void {
  if (out.length >= MAX_OPTIONS) return;
  if (k === 0) {
    if (left === 0) out.push([...prefix, ...caps.slice(from).map(() => 0)]);
    return;
  }
  if (from >= caps.length || left < k) return;
  // Prune spreads that cannot reach the hit: k aspects hold at most k times the largest cap left.
  if (left > k * Math.max(...caps.slice(from))) return;
  const cap = caps[from] ?? 0;
  // Give this aspect 1..cap levels (keeping at least one per remaining pick), or skip it.
  for (let l = Math.min(cap, left - (k - 1)); l >= 1; l--) {
    spread(caps, left - l, k - 1, from + 1, [...prefix, l], out);
  }
  spread(caps, left, k, from + 1, [...prefix, 0], out);
}

/** Negative when `a` sorts before `b` lexicographically (smaller first). */
function compareDesc(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/** A defender's spread of a hit: levels to take off each aspect, by aspect id. */
export type NarrativeSplit = Readonly<Record<string, number>>;

/**
 * Why a spread cannot absorb the hit, in the defender's words, or null when it can
 * [NAR-DAMAGE-1] [NAR-DAMAGE-2]: every level of the hit placed, whole levels only, on rated
 * aspects, none below Poor. The table's absorb panel asks this while the defender places shifts.
 */
export function narrativeSplitProblem(
  character: Character,
  hit: Hit,
  split: NarrativeSplit,
): { code: string; message: string } | null {
  const shifts = Math.max(0, hit.shifts);
  let total = 0;
  for (const [id, levels] of Object.entries(split)) {
    if (levels === 0) continue;
    if (!Number.isInteger(levels) || levels < 0) {
      return { code: 'bad-levels', message: 'Each aspect lowered loses whole levels.' };
    }
    const a = character.aspects.find((x) => x.id === id);
    if (!a || a.rating === undefined || !narrativeAspectOnSheet(a)) {
      return { code: 'no-such-aspect', message: `There is no rated aspect "${id}".` };
    }
    if (levels > capacity(a)) {
      const name = a.text.trim() || a.id;
      return {
        code: 'below-poor',
        message: `${name} is ${signed(a.rating)}: it can lose ${capacity(a)} at most, as no aspect goes below Poor (-1).`,
      };
    }
    total += levels;
  }
  if (total < shifts) {
    const left = shifts - total;
    return {
      code: 'wrong-total',
      message: `Place ${left} more shift${left === 1 ? '' : 's'}: the hit is ${shifts}.`,
    };
  }
  if (total > shifts) {
    const over = total - shifts;
    return {
      code: 'wrong-total',
      message: `Take back ${over} shift${over === 1 ? '' : 's'}: the hit is only ${shifts}.`,
    };
  }
  return null;
}

/** The spread an absorption option lowers, as a split. */
function splitOf(option: AbsorptionOption): Record<string, number> {
  const split: Record<string, number> = {};
  for (const d of option.aspectDamage ?? [])
    split[d.aspectId] = (split[d.aspectId] ?? 0) + d.levels;
  return split;
}

/**
 * The index of a legal split among `narrativeAbsorptionOptions` (what `absorb` sends), or the
 * reason it cannot be absorbed. A split past the options' cap (huge NPC sheets) is refused too.
 */
export function narrativeSplitOption(
  character: Character,
  hit: Hit,
  split: NarrativeSplit,
): Result<number> {
  const problem = narrativeSplitProblem(character, hit, split);
  if (problem) return refuse(problem.code, problem.message);
  const wanted = Object.entries(split).filter(([, l]) => l > 0);
  const index = narrativeAbsorptionOptions(character, hit).findIndex((o) => {
    const have = splitOf(o);
    return Object.keys(have).length === wanted.length && wanted.every(([id, l]) => have[id] === l);
  });
  if (index < 0) {
    return refuse(
      'not-listed',
      `That spread is past the ${MAX_OPTIONS} listed: lower fewer aspects.`,
    );
  }
  return ok(index);
}

/**
 * Lowers the chosen aspects [NAR-DAMAGE-1]; refuses a spread that misses the hit, names an
 * unknown aspect or goes below Poor. The character is taken out once incapacitated [NAR-INCAP-1].
 */
export function narrativeApplyAbsorption(
  character: Character,
  hit: Hit,
  option: AbsorptionOption,
): Result<AbsorptionResult> {
  if (option.consequences.length > 0 || option.stress) {
    return refuse('no-tracks', 'Narrative has no stress or consequences: lower aspects instead.');
  }
  if ((option.aspectDamage ?? []).some((d) => !Number.isInteger(d.levels) || d.levels < 1)) {
    return refuse('bad-levels', 'Each aspect lowered loses at least one whole level.');
  }
  const lowered = new Map(Object.entries(splitOf(option)));
  const problem = narrativeSplitProblem(character, hit, Object.fromEntries(lowered));
  if (problem) return refuse(problem.code, problem.message);
  const aspects = character.aspects.map((a) => {
    const levels = lowered.get(a.id);
    if (levels === undefined || a.rating === undefined) return a;
    return { ...a, baseRating: narrativeBaseRating(a), rating: a.rating - levels };
  });
  const after = { ...character, aspects };
  return ok({
    character: { ...after, takenOut: character.takenOut || isIncapacitated(after) },
    grants: { freeInvokes: [] },
  });
}

/**
 * Taken out by a hit bigger than what is left [NAR-INCAP-1]: the text's incapacitated
 * character has every aspect reduced to Poor, so each rated aspect drops to Poor, keeping the
 * rating that recovery gives back [NAR-RECOVER-1].
 */
export function narrativeTakeOut(character: Character): Character {
  const aspects = character.aspects.map((a) =>
    !narrativeAspectOnSheet(a) || a.rating === undefined || a.rating <= NARRATIVE_FLOOR
      ? a
      : { ...a, baseRating: narrativeBaseRating(a), rating: NARRATIVE_FLOOR },
  );
  return { ...character, aspects, takenOut: true };
}

export interface RecoveryInput {
  /** The situation producing the conflict remains: only half the lost levels come back. */
  situationRemains: boolean;
  /** The damage was physical: recovering needs healing (a complex action) [NAR-RECOVER-2]. */
  physical?: boolean;
  /** A healing complex action succeeded. */
  healed?: boolean;
}

/**
 * Recovery [NAR-RECOVER-1]: once the conflict is over, every lost level comes back; while the
 * situation remains, half of the levels lost in total, rounded down (the text's "only half" reads
 * as a floor), given back one at a time to the aspect that lost most, earlier on the sheet on a
 * tie. Physical damage needs a successful healing action first [NAR-RECOVER-2].
 */
export function narrativeRecover(character: Character, input: RecoveryInput): Result<Character> {
  if (input.physical === true && input.healed !== true) {
    return refuse(
      'needs-healing',
      'Physical damage needs healing (a complex action) before it recovers.',
    );
  }
  const lost = character.aspects.map((a) =>
    Math.max(0, (narrativeBaseRating(a) ?? 0) - (a.rating ?? 0)),
  );
  const total = lost.reduce((s, l) => s + l, 0);
  let back = input.situationRemains ? Math.floor(total / 2) : total;
  const regained = lost.map(() => 0);
  while (back > 0) {
    let best = -1;
    lost.forEach((l, i) => {
      const still = l - (regained[i] ?? 0);
      if (still > 0 && (best < 0 || still > (lost[best] ?? 0) - (regained[best] ?? 0))) best = i;
    });
    if (best < 0) break;
    regained[best] = (regained[best] ?? 0) + 1;
    back--;
  }
  const aspects = character.aspects.map((a, i) => {
    const r = regained[i] ?? 0;
    return r === 0 || a.rating === undefined ? a : { ...a, rating: a.rating + r };
  });
  const after = { ...character, aspects };
  return ok({ ...after, takenOut: character.takenOut && isIncapacitated(after) });
}
