import {
  EDGERUNNER_CONSEQUENCE_BONUS,
  INVOKE_BONUS,
  NARRATIVE_FLOOR,
  PIRATES_SPREAD,
  NARRATIVE_SPREAD,
  FATE_CORE_PYRAMID,
  edgerunnerClearsAfter,
  edgerunnerStressBoxValues,
  fateCoreRecoveryDifficulty,
  ladderName,
  ladderRungs,
  outcomeOf,
  signed,
  piratesFreeStunts,
  piratesRecoveryDifficulty,
  rulesetById,
  stressBoxValues,
  syncFateCoreSheet,
} from '@fateboard/rules';
import type { ConsequenceSlot, Severity } from '@fateboard/rules';
import { freeInvokeTable } from '../../lib/rules';

/**
 * The numbers the rules reference shows, read from the rules package rather than retyped, so
 * the reference says what the table plays. Loaded only with the reference (a lazy chunk).
 */

export { INVOKE_BONUS, NARRATIVE_FLOOR, PIRATES_SPREAD, NARRATIVE_SPREAD, ladderRungs };

/** "Fair (+2)" in the reader's language, given the rung names' translations. */
export function rungLabel(names: Record<string, string>, value: number): string {
  const name = ladderName(value);
  return name === undefined ? signed(value) : `${names[name] ?? name} (${signed(value)})`;
}

/** The fewest shifts that make a success with style. */
export function styleShifts(): number {
  let s = 1;
  while (outcomeOf(s) !== 'success-with-style' && s < 20) s++;
  return s;
}

/** The dice a game rolls (4dF, narrative's 3dF). */
export function diceOf(ruleset: string): number {
  return rulesetById(ruleset)?.diceCount ?? 4;
}

export function defaultRefreshOf(ruleset: string): number {
  return rulesetById(ruleset)?.defaultRefresh ?? 3;
}

/**
 * How many stunts a new player character gets for free: the most it can take before its
 * refresh drops (the game's own `refreshFor`).
 */
export function freeStuntsOf(ruleset: string): number {
  const game = rulesetById(ruleset);
  if (!game) return 0;
  const base = game.newCharacter({ id: 'help', name: 'help' });
  let n = 0;
  while (n < 10) {
    const stunts = Array.from({ length: n + 1 }, (_, i) => ({ id: `s${i}`, name: '', text: '' }));
    if (game.refreshFor({ ...base, stunts }) < game.defaultRefresh) break;
    n++;
  }
  return n;
}

/** A new player character's consequence slots (severity and shifts), as the game deals them. */
export function consequenceSlotsOf(ruleset: string): Pick<ConsequenceSlot, 'severity' | 'value'>[] {
  const game = rulesetById(ruleset);
  if (!game) return [];
  return game
    .newCharacter({ id: 'help', name: 'help' })
    .consequences.map((s) => ({ severity: s.severity, value: s.value }));
}

/** A new player character's stress boxes, track by track. */
export function stressTracksOf(ruleset: string): { kind: string; boxes: number[] }[] {
  const game = rulesetById(ruleset);
  if (!game) return [];
  return game
    .newCharacter({ id: 'help', name: 'help' })
    .stress.map((t) => ({ kind: t.kind, boxes: t.boxes.map((b) => b.value) }));
}

/** Stress boxes by the track's skill rating, grouped where the boxes are the same. */
export interface StressRow {
  from: number;
  to: number;
  boxes: number[];
}

function stressRows(values: (rating: number) => number[], top = 5): StressRow[] {
  const rows: StressRow[] = [];
  for (let r = 0; r <= top; r++) {
    const boxes = values(r);
    const last = rows[rows.length - 1];
    if (last && last.boxes.join() === boxes.join()) last.to = r;
    else rows.push({ from: r, to: r, boxes });
  }
  return rows;
}

/** fate-core: boxes by Physique (physical) or Will (mental) [FC-STRESS-4]. */
export const fateCoreStressRows = (): StressRow[] => stressRows(stressBoxValues);
/** edgerunner: the same convention [ER-STRESS-1]. */
export const edgerunnerStressRows = (): StressRow[] => stressRows(edgerunnerStressBoxValues);

/** fate-core: the Physique (or Will) rating that adds a mild slot reserved for its harm. */
export function extraMildRating(): number | undefined {
  const base = rulesetById('fate-core')?.newCharacter({ id: 'help', name: 'help' });
  if (!base) return undefined;
  for (let r = 0; r <= 8; r++) {
    const sheet = syncFateCoreSheet({
      ...base,
      skills: base.skills.map((s) => (s.id === 'physique' ? { ...s, rating: r } : s)),
    });
    if (sheet.consequences.some((s) => s.reservedFor === 'physical')) return r;
  }
  return undefined;
}

const SEVERITIES = ['mild', 'moderate', 'severe'] as const;

/** The recovery overcome's difficulty by severity (pirates, fate-core, and fate-core on yourself). */
export function recoveryDifficulties(
  ruleset: 'pirates' | 'fate-core',
): { severity: Severity; other: number; self: number }[] {
  return SEVERITIES.flatMap((severity) => {
    const other =
      ruleset === 'pirates'
        ? piratesRecoveryDifficulty(severity)
        : fateCoreRecoveryDifficulty(severity, false);
    const self =
      ruleset === 'pirates'
        ? piratesRecoveryDifficulty(severity)
        : fateCoreRecoveryDifficulty(severity, true);
    return other.ok && self.ok ? [{ severity, other: other.value, self: self.value }] : [];
  });
}

/** edgerunner: each consequence's bonus and when it clears [ER-CONSEQ-1] [ER-CONSEQ-3]. */
export function edgerunnerConsequences(): {
  severity: Severity;
  bonus: number;
  clears: ReturnType<typeof edgerunnerClearsAfter>;
}[] {
  return SEVERITIES.map((severity) => ({
    severity,
    bonus: EDGERUNNER_CONSEQUENCE_BONUS[severity],
    clears: edgerunnerClearsAfter(severity),
  }));
}

/** fate-core's pyramid, highest rung first: [rating, how many skills]. */
export function fateCorePyramid(): [number, number][] {
  return Object.entries(FATE_CORE_PYRAMID)
    .map(([r, n]): [number, number] => [Number(r), n])
    .sort((a, b) => b[0] - a[0]);
}

export { piratesFreeStunts, freeInvokeTable };
