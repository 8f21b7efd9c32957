import type { Result, RulesetId } from '@fateboard/rules';
import {
  exhaustive,
  healConsequence,
  recoverAfterRoll,
  recoveryMethod,
  recoveryRollDifficulty,
} from '@fateboard/rules';
import { controls, findCharacter, gmOnly, mayTreat, tableRuleset } from '../access';
import type { Found } from '../access';
import { setSheetInvokes, writeCharacter } from '../../doc/character-store';
import type { Actor, Ctx, Handler, OrRefusal, Plan, Refusal } from '../context';
import { tableCode } from '../../protocol/refusal-codes';
import { isRefusal, refuse } from '../context';
import { roll } from '../rolls/rolls';
import { findRoll, writeRoll } from '../rolls/stored-rolls';
import { pubRoots } from '../../doc/schema';
import type { RollView } from '../../doc/views';
import { bool, put } from '../../doc/ymap';
import { outcomeSaid, severitySaid } from '../../log/words';
import { line, say } from '../../log/say';
import type { LogMessage } from '../../log/say';

/**
 * Recovery from a consequence at the table. Starting it is an overcome in the dice tray: a
 * `roll` with `recovers` rolls the healer's skill against the difficulty the ruleset gives
 * for the patient's slot (two steps harder on yourself in fate-core), invokes raise it as on
 * any roll, and `outcome.apply` then stars (and renames) the consequence on a success or
 * leaves it as it was on a failure, as the game's text says (rules' recoverAfterRoll).
 */

/** The rules' refusal under the table's code (the slot's absence is `not-found`). */
function rulesRefusal(r: Result<unknown> & { ok: false }): Refusal {
  return refuse(tableCode(r.code), r.message);
}

/** The consequence text of a slot, for the log. */
function slotText(patient: Found, slotId: string): string {
  return patient.character.consequences.find((s) => s.id === slotId)?.taken?.text ?? slotId;
}

/**
 * What a recovery roll is for, in place of the roll's "to overcome". Treating yourself says it
 * is harder only where the game made it so (fate-core's two steps [FC-RECOVER-2]; pirates has
 * no such rule [PIR-RECOVER-1]).
 */
function recoveryPurpose(
  modifies: boolean,
  treatingSelf: 'no' | 'harder' | 'same',
  name: string,
  text: string,
): LogMessage {
  if (modifies)
    return say(treatingSelf === 'no' ? 'purposeModifyOther' : 'purposeModifyOwn', { name, text });
  switch (treatingSelf) {
    case 'no':
      return say('purposeRecoverOther', { name, text });
    case 'harder':
      return say('purposeRecoverOwn', { name, text });
    case 'same':
      return say('purposeRecoverSelf', { name, text });
    default:
      return exhaustive(treatingSelf);
  }
}

/**
 * A recovery roll: checked against the patient's slot, then rolled as a plain overcome
 * against that difficulty by the `roll` handler (which checks the sender controls the healer),
 * and stored with `recovers` so that `outcome.apply` knows what it starts.
 */
export function recoveryRoll(ctx: Ctx<'roll'>): OrRefusal<Plan> {
  const { recovers, ...command } = ctx.command;
  if (recovers === undefined)
    return refuse('invalid', 'Name the consequence to recover.', {
      id: 'recovery-needs-consequence',
    });
  if (command.action !== undefined && command.action !== 'overcome') {
    return refuse('invalid', 'A recovery roll is an overcome.', { id: 'recovery-is-overcome' });
  }
  if (
    command.difficulty !== undefined ||
    command.opposition !== undefined ||
    command.removes !== undefined ||
    command.aspectAction !== undefined
  ) {
    return refuse('invalid', 'A recovery roll is against the consequence alone.', {
      id: 'recovery-alone',
    });
  }
  const roots = pubRoots(ctx.docs.pub);
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  // Who may roll comes first: someone who does not play the healer learns nothing more.
  const healer = findCharacter(roots, command.characterId);
  if (isRefusal(healer)) return healer;
  if (!controls(ctx.actor, healer.character)) {
    return refuse('forbidden', `You do not play "${healer.character.name}".`);
  }
  const patient = findCharacter(roots, recovers.characterId);
  if (isRefusal(patient)) return patient;
  if (!mayTreat(ctx.actor, patient.character)) {
    return refuse('forbidden', `Only the GM treats ${patient.name}’s consequences.`);
  }
  const treatingSelf = command.characterId === recovers.characterId;
  const difficulty = recoveryRollDifficulty(
    ruleset.id,
    patient.character,
    recovers.slotId,
    treatingSelf,
  );
  if (!difficulty.ok) return rulesRefusal(difficulty);
  // The same slot treated by someone else: how much harder treating yourself made it.
  const byOther = treatingSelf
    ? recoveryRollDifficulty(ruleset.id, patient.character, recovers.slotId, false)
    : difficulty;
  const self = !treatingSelf
    ? 'no'
    : byOther.ok && byOther.value < difficulty.value
      ? 'harder'
      : 'same';
  const plan = roll({
    ...ctx,
    command: { ...command, action: 'overcome', difficulty: difficulty.value },
  });
  if (isRefusal(plan)) return plan;
  const rollId = plan.result?.rollId;
  const text = slotText(patient, recovers.slotId);
  const stored: NonNullable<RollView['recovers']> = { ...recovers, text, treatingSelf };
  // edgerunner's roll modifies the consequence against its bonus [ER-CONSEQ-4]: no surcharge.
  const modifies = ruleset.id === 'edgerunner';
  return {
    ...plan,
    pub: () => {
      plan.pub?.();
      const found = rollId === undefined ? undefined : findRoll(roots, rollId);
      if (found && !isRefusal(found)) put(found.map, 'recovers', stored);
    },
    // "rolled to overcome [..]" becomes "rolled to recover from Cynere's “Cracked Ribs” [..]".
    log: (plan.log ?? []).map((draft) => {
      const purpose = recoveryPurpose(modifies, self, patient.character.name, text);
      if (draft.msg?.params?.purpose === undefined) return draft;
      return { ...draft, ...line({ ...draft.msg, params: { ...draft.msg.params, purpose } }) };
    }),
  };
}

/**
 * Applies a recovery roll's outcome. The healer's controller or the patient's (who names the
 * consequence) may apply it; the ruleset decides what a success or a failure does.
 */
export function recoveryOutcome(ctx: Ctx<'outcome.apply'>): OrRefusal<Plan> | undefined {
  const { docs, actor, command } = ctx;
  const roots = pubRoots(docs.pub);
  const found = findRoll(roots, command.rollId);
  if (isRefusal(found) || found.roll.recovers === undefined) {
    return command.rename === undefined
      ? undefined
      : refuse('invalid', 'Only a recovery roll renames a consequence.', {
          id: 'rename-needs-recovery',
        });
  }
  const { roll: rolled } = found;
  const recovers = rolled.recovers;
  if (recovers === undefined) return undefined;
  if (rolled.applied)
    return refuse('invalid', 'That roll’s outcome was already applied.', {
      id: 'already-applied',
    });
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const healer = findCharacter(roots, rolled.actor.characterId);
  if (isRefusal(healer)) return healer;
  const patient = findCharacter(roots, recovers.characterId);
  if (isRefusal(patient)) return patient;
  if (!controls(actor, healer.character) && !controls(actor, patient.character)) {
    return refuse(
      'forbidden',
      `You play neither ${healer.character.name} nor ${patient.character.name}.`,
    );
  }
  const succeeded = rolled.outcome !== 'fail';
  const after = recoverAfterRoll(ruleset.id, patient.character, {
    slotId: recovers.slotId,
    succeeded,
    sceneRunning: bool(roots.scene, 'active'),
    ...(command.rename === undefined ? {} : { newName: command.rename }),
  });
  if (!after.ok) return rulesRefusal(after);
  const now =
    after.value.character.consequences.find((s) => s.id === recovers.slotId)?.taken?.text ??
    recovers.text;
  // edgerunner: a met roll rewrites the consequence; its clock runs on [ER-CONSEQ-4].
  const modifies = ruleset.id === 'edgerunner';
  const before = recovers.text;
  const what = after.value.started
    ? modifies
      ? say('recoveryNowIs', { before, text: now })
      : now === before
        ? say('recoveryRecovering', { text: now })
        : say('recoveryRecoveringAs', { before, text: now })
    : say('recoveryStays', { text: before });
  return {
    pub: () => {
      if (after.value.started) writeCharacter(patient.map, after.value.character);
      writeRoll(found.map, { ...rolled, applied: true });
    },
    log: [
      {
        ...line(
          say(modifies ? 'modificationRolled' : 'recoveryRolled', {
            name: patient.character.name,
            outcome: outcomeSaid(rolled.outcome),
            what,
          }),
        ),
        characterId: patient.character.id,
        rollId: rolled.id,
      },
    ],
    result: { rollId: rolled.id },
  };
}

/**
 * Where a game starts recovery with a roll, a player starts it by rolling (`roll` with
 * `recovers`); only the GM starts it without one, for healing that "eliminates the need to
 * roll" [FC-RECOVER-3]. narrative's ratings (no slot) are anyone's who controls them.
 */
export function recoveryNeedsRoll(
  ruleset: RulesetId,
  actor: Actor,
  slotId: string | undefined,
): Refusal | undefined {
  if (slotId === undefined || actor.role === 'gm' || recoveryMethod(ruleset) !== 'roll') {
    return undefined;
  }
  return refuse(
    'forbidden',
    'Start recovery with a recovery roll in the dice tray; only the GM starts it without one.',
  );
}

/**
 * The GM's powerful healing [FC-HEAL-1]: the consequence moves one level down, and the free
 * invokes on it move with it (they are on the same aspect).
 */
export const consequenceHeal: Handler<'consequence.heal'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'heal a consequence (the GM judges what healing does)');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const patient = findCharacter(roots, command.characterId);
  if (isRefusal(patient)) return patient;
  const healed = healConsequence(ruleset.id, patient.character, command.slotId);
  if (!healed.ok) return rulesRefusal(healed);
  const { to } = healed.value;
  const invokes = patient.character.freeInvokes[command.slotId] ?? {};
  return {
    pub: () => {
      writeCharacter(patient.map, healed.value.character);
      for (const [owner, count] of Object.entries(invokes)) {
        setSheetInvokes(patient.map, to.id, owner, count);
        setSheetInvokes(patient.map, command.slotId, owner, 0);
      }
    },
    log: [
      {
        ...line(
          say('consequenceHealed', {
            name: patient.character.name,
            text: slotText(patient, command.slotId),
            severity: severitySaid(to.severity),
          }),
        ),
        characterId: patient.character.id,
      },
    ],
  };
};
