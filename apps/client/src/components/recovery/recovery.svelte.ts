import type { Ruleset, RulesetId, Severity } from '@fateboard/rules';
import {
  edgerunnerClearsAfter,
  exhaustive,
  recoveryMethod,
  recoveryRollDifficulty,
  signed,
} from '@fateboard/rules';
import type { CharacterView } from '@fateboard/table';
import { ladderLabel, skillName } from '../../lib/game-words';
import { fromStore } from 'svelte/store';
import { i18n } from '../../lib/i18n';

export const messages = i18n('lib/recovery', {
  gone: 'That character is no longer here.',
  empty: 'The slot is empty.',
  afterScene: 'clears after the next scene',
  atRefresh: 'clears at the next refresh',
  afterSession: 'clears after the next session',
});
// Read where the plan and the clock's words are derived, so a change of language redraws them.
const text = fromStore(messages);
const names = fromStore(skillName);

/**
 * Starting recovery in the dice tray: "Start recovery" on a consequence asks for a recovery
 * roll (`request`); the tray then shows the recovery form, set to an overcome against the
 * difficulty the ruleset gives for that slot (`recoveryAim`), until it is rolled or cancelled.
 * The server decides again on the roll; this only shows what it will do.
 */

/** The consequence a recovery roll is for. */
export interface RecoveryAim {
  characterId: string;
  slotId: string;
}

/** What the tray shows for a recovery roll by `healer` on `aim`, or why there is none. */
export type RecoveryPlan =
  | {
      ok: true;
      patient: string;
      text: string;
      severity: string;
      difficulty: number;
      /** "Great (+4)" */
      label: string;
      treatingSelf: boolean;
    }
  | { ok: false; message: string };

export function recoveryPlan(
  ruleset: Ruleset | undefined,
  patient: CharacterView | undefined,
  healerId: string,
  aim: RecoveryAim,
): RecoveryPlan {
  if (!ruleset || !patient) return { ok: false, message: text.current.gone };
  const slot = patient.consequences.find((s) => s.id === aim.slotId);
  const treatingSelf = healerId === patient.id;
  const d = recoveryRollDifficulty(ruleset.id, patient, aim.slotId, treatingSelf);
  if (!d.ok || !slot?.taken) return { ok: false, message: d.ok ? text.current.empty : d.message };
  return {
    ok: true,
    patient: patient.name,
    text: slot.taken.text,
    severity: slot.severity,
    difficulty: d.value,
    label: ladderLabel.get()(d.value),
    treatingSelf,
  };
}

/** Whether a game starts recovery with a roll (fate-core, pirates) [FC-RECOVER-1] [PIR-RECOVER-1]. */
export function recoversByRoll(ruleset: Ruleset | undefined): boolean {
  return !!ruleset && recoveryMethod(ruleset.id) === 'roll';
}

/**
 * Whether the game's roll for a consequence modifies it instead (edgerunner: a more benign
 * version, against its original bonus, on the same clock) [ER-CONSEQ-4].
 */
export function modifiesByRoll(ruleset: Ruleset | undefined): boolean {
  return ruleset?.id === 'edgerunner';
}

/** The skills a healer may roll, best first ("Lore (+1)"). */
export function healerSkills(
  ruleset: Ruleset | undefined,
  healer: CharacterView | undefined,
): { id: string; label: string; rating: number }[] {
  if (!healer) return [];
  return (ruleset?.skills ?? [])
    .map((s) => {
      const rating = healer.skills.find((k) => k.id === s.id)?.rating ?? 0;
      return { id: s.id, label: `${names.current(ruleset, s.id)} (${signed(rating)})`, rating };
    })
    .sort((a, b) => b.rating - a.rating || a.label.localeCompare(b.label));
}

/** The one pending request, shared by the sheet that asks and the tray that rolls. */
class RecoveryRequest {
  aim = $state<RecoveryAim | null>(null);

  request(aim: RecoveryAim): void {
    this.aim = aim;
  }

  clear(): void {
    this.aim = null;
  }
}

export const recovery = new RecoveryRequest();

/**
 * edgerunner's clock in words, by severity [ER-CONSEQ-3]; undefined where recovery is an
 * action (fate-core, pirates) or there are no consequences (narrative).
 */
export function clearsWords(ruleset: RulesetId): ((severity: Severity) => string) | undefined {
  if (recoveryMethod(ruleset) !== 'clock') return undefined;
  return (severity) => {
    const { unit } = edgerunnerClearsAfter(severity);
    switch (unit) {
      case 'scenes':
        return text.current.afterScene;
      case 'refreshes':
        return text.current.atRefresh;
      case 'sessions':
        return text.current.afterSession;
      default:
        return exhaustive(unit);
    }
  };
}
