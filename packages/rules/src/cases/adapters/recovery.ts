import type { Character } from '../../core/character';
import type { Outcome } from '../../core/outcome';
import type { Ruleset } from '../../core/ruleset';
import type { Json } from '../input';
import { bool, int, oneOf, optStr, record, str } from '../input';
import type { Operation } from '../run';
import { buildSheet, summarize, summarized } from '../sheet-input';
import {
  attemptFateCoreRecovery,
  fateCoreRecoveryDifficulty,
  startFateCoreRecovery,
} from '../../rulesets/fate-core/recovery';
import { fateCore } from '../../rulesets/fate-core/ruleset';
import { attemptPiratesRecovery, piratesRecoveryDifficulty } from '../../rulesets/pirates/stress';
import { pirates } from '../../rulesets/pirates/ruleset';
import { healConsequence, recoverAfterRoll, recoveryRollDifficulty } from '../../rulesets/recovery';

/**
 * Rule-case operations for recovering from consequences in the box-and-consequence games: each
 * game's own recovery rules (`fate-core-recovery*`, `pirates-recovery*`) and the recovery roll
 * as the table plays it (`<id>-recovery-roll`, `<id>-recovery-after-roll`, `<id>-heal`). Part
 * of `stressOperations` (adapters/stress.ts).
 */

const SEVERITIES = ['mild', 'moderate', 'severe', 'extreme'] as const;

/**
 * A game's own recovery attempt, `{ sheet, slotId, result, newName? }`, read in this order so a
 * case with several bad fields reports the same one as before.
 */
function attemptOf(
  ruleset: Ruleset,
  o: Json,
): { sheet: Character; attempt: { slotId: string; result: number; newName?: string } } {
  const newName = optStr(o, 'newName');
  const sheet = buildSheet(ruleset, o.sheet);
  return {
    sheet,
    attempt: {
      slotId: str(o, 'slotId'),
      result: int(o, 'result'),
      ...(newName === undefined ? {} : { newName }),
    },
  };
}

/** What a case expects of an attempt: its outcome, the difficulty it met, the sheet after. */
function attempted(v: { character: Character; outcome: Outcome; difficulty: number }): Json {
  return { outcome: v.outcome, difficulty: v.difficulty, sheet: summarize(v.character) };
}

export function fateCoreRecoveryOps(): Record<string, Operation> {
  return {
    /** `{ severity, treatingSelf? }` → `{ ok, value }` or a refusal. */
    'fate-core-recovery-difficulty': (input) => {
      const o = record(input);
      const self = o.treatingSelf === undefined ? false : bool(o, 'treatingSelf');
      return fateCoreRecoveryDifficulty(oneOf(o, 'severity', SEVERITIES), self);
    },
    /** `{ sheet, slotId, result, treatingSelf?, newName? }` → `{ ok, outcome, difficulty, sheet }`. */
    'fate-core-recovery': (input) => {
      const o = record(input);
      const { sheet, attempt } = attemptOf(fateCore, o);
      const treatingSelf = o.treatingSelf === undefined ? false : bool(o, 'treatingSelf');
      return summarized(attemptFateCoreRecovery(sheet, { ...attempt, treatingSelf }), attempted);
    },
    /** `{ sheet, slotId, newName? }`: recovery started without a roll (e.g. a healing potion). */
    'fate-core-start-recovery': (input) => {
      const o = record(input);
      const r = startFateCoreRecovery(
        buildSheet(fateCore, o.sheet),
        str(o, 'slotId'),
        optStr(o, 'newName'),
      );
      return summarized(r, (v) => ({ sheet: summarize(v) }));
    },
  };
}

export function piratesRecoveryOps(): Record<string, Operation> {
  return {
    /** `{ severity }` → `{ ok, value }` or a refusal. */
    'pirates-recovery-difficulty': (input) =>
      piratesRecoveryDifficulty(oneOf(record(input), 'severity', SEVERITIES)),
    /** `{ sheet, slotId, result, newName? }` → `{ ok, outcome, difficulty, sheet }`. */
    'pirates-recovery': (input) => {
      const { sheet, attempt } = attemptOf(pirates, record(input));
      return summarized(attemptPiratesRecovery(sheet, attempt), attempted);
    },
  };
}

/**
 * The recovery roll as the table plays it (rulesets/recovery.ts), per game: `<id>-recovery-roll`
 * `{ sheet, slotId, treatingSelf? }` → the difficulty or a refusal; `<id>-recovery-after-roll`
 * `{ sheet, slotId, succeeded, newName? }` → `{ ok, started, sheet }`; `<id>-heal`
 * `{ sheet, slotId }` → `{ ok, to, sheet }` (fate-core only [FC-HEAL-1]).
 */
export function recoveryRollOps(ruleset: Ruleset): Record<string, Operation> {
  return {
    [`${ruleset.id}-recovery-roll`]: (input) => {
      const o = record(input);
      const self = o.treatingSelf === undefined ? false : bool(o, 'treatingSelf');
      return recoveryRollDifficulty(
        ruleset.id,
        buildSheet(ruleset, o.sheet),
        str(o, 'slotId'),
        self,
      );
    },
    [`${ruleset.id}-recovery-after-roll`]: (input) => {
      const o = record(input);
      const newName = optStr(o, 'newName');
      const r = recoverAfterRoll(ruleset.id, buildSheet(ruleset, o.sheet), {
        slotId: str(o, 'slotId'),
        succeeded: bool(o, 'succeeded'),
        ...(newName === undefined ? {} : { newName }),
      });
      return summarized(r, (v) => ({ started: v.started, sheet: summarize(v.character) }));
    },
    [`${ruleset.id}-heal`]: (input) => {
      const o = record(input);
      const r = healConsequence(ruleset.id, buildSheet(ruleset, o.sheet), str(o, 'slotId'));
      return summarized(r, (v) => ({ to: v.to.id, sheet: summarize(v.character) }));
    },
  };
}
