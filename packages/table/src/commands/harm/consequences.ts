import { ladderParam, line, say } from '../../log/say';
import type { LogMessage } from '../../log/say';
import type { Character } from '@fateboard/rules';
import { recoveryNeedsRoll } from './recovery';
import { findCharacter, findControlled, gmOnly, tableRuleset } from '../access';
import { pruneSheetInvokes, writeCharacter, writeTableState } from '../../doc/character-store';
import type { Handler } from '../context';
import { tableCode } from '../../protocol/refusal-codes';
import { isRefusal, refuse } from '../context';
import { undecided } from '../rolls/defence';
import { findRoll, rescore, writeRoll } from '../rolls/stored-rolls';
import { pubRoots } from '../../doc/schema';
import type { RollView } from '../../doc/views';
import type { YMap } from '../../doc/ymap';
import { bool, put } from '../../doc/ymap';
import { otherSideNowSaid, resultSaid } from '../../log/words';
import { mayTakeConsequence, sideOf } from './voluntary';

/**
 * Consequences outside absorbing a hit: taking one by choice (edgerunner's bonus on a roll, or
 * the GM's hand edit), starting its recovery (and narrative's lost levels coming back), and
 * the GM clearing one by hand. Recovery by a roll is `recovery.ts`'.
 */

export const consequenceTake: Handler<'consequence.take'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const found = findControlled(roots, actor, command.characterId);
  if (isRefusal(found)) return found;
  // Edgerunner's controller takes one for a bonus [ER-CONSEQ-1..2] — the character's player, or
  // the GM for an NPC (mayTakeConsequence, which the roll card asks too); elsewhere it is the
  // GM's hand edit.
  const taken = ruleset.takeConsequence(found.character, {
    slotId: command.slotId,
    text: command.text,
    actorControls: mayTakeConsequence(actor, found.character),
    byGm: actor.role === 'gm',
  });
  if (!taken.ok) {
    if (taken.code === 'not-controller') {
      return refuse(
        'forbidden',
        `Only ${found.character.name}'s player takes a consequence for ${found.character.name}.`,
        { id: 'not-controller', params: { name: found.character.name } },
      );
    }
    return refuse(tableCode(taken.code), taken.message);
  }
  const bonus = taken.value.bonus;
  // The bonus goes on one roll of this character's: the one named [ER-CONSEQ-1].
  let boosted:
    { map: YMap; roll: RollView; side: 'actor' | 'opposition'; rollerName: string } | undefined;
  if (command.rollId !== undefined) {
    if (bonus === undefined)
      return refuse('rules', 'This consequence gives no bonus to a roll.', {
        id: 'no-consequence-bonus',
      });
    const roll = findRoll(roots, command.rollId);
    if (isRefusal(roll)) return roll;
    const open = undecided(roll.roll);
    if (open) return open;
    if (roll.roll.applied)
      return refuse('invalid', 'That roll’s outcome was already applied.', {
        id: 'already-applied',
      });
    // The bonus goes to the side this character rolled: a defender's consequence, the defence.
    const side = sideOf(roll.roll, found.character.id);
    if (side === undefined) {
      return refuse('invalid', `${found.character.name} did not make that roll.`);
    }
    const slot = found.character.consequences.find((s) => s.id === command.slotId);
    const mod = { label: `${slot?.severity ?? 'Consequence'}: ${command.text}`, value: bonus };
    const changed = { ...roll.roll[side]!, modifiers: [...roll.roll[side]!.modifiers, mod] };
    const roller = findCharacter(roots, roll.roll.actor.characterId);
    boosted = {
      map: roll.map,
      roll: rescore(ruleset, { ...roll.roll, [side]: changed }),
      side,
      rollerName: isRefusal(roller) ? '?' : roller.name,
    };
  }
  return {
    pub: () => {
      writeCharacter(found.map, taken.value.character);
      writeTableState(found.map, {
        conflictConsequences: found.character.conflictConsequences + 1,
      });
      if (boosted) writeRoll(boosted.map, boosted.roll);
    },
    log: [
      {
        ...line(
          say('consequenceTaken', {
            name: found.character.name,
            text: command.text,
            bonus: bonus === undefined ? '' : say('consequenceBonus', { bonus }),
            roll: !boosted
              ? ''
              : boosted.side === 'actor'
                ? say('consequenceOnRoll', {
                    total: ladderParam(boosted.roll.actor.total),
                    result: resultSaid(boosted.roll.outcome, boosted.roll.shifts),
                  })
                : say('consequenceOnDefence', {
                    now: otherSideNowSaid(boosted.roll, boosted.rollerName),
                  }),
          }),
        ),
        characterId: command.characterId,
        ...(command.rollId === undefined ? {} : { rollId: command.rollId }),
      },
    ],
  };
};

/**
 * What a recovery did, in players' words: a consequence starts recovering; narrative's lost
 * levels come back, "Vera got back 2 lost levels (half, while the situation remains)."
 */
function recoveredSaid(
  before: Character,
  after: Character,
  command: { slotId?: string; situationRemains?: boolean },
): LogMessage {
  if (command.slotId !== undefined) return say('recoveryStarted', { name: before.name });
  const back = after.aspects.reduce(
    (sum, a) => sum + (a.rating ?? 0) - (before.aspects.find((b) => b.id === a.id)?.rating ?? 0),
    0,
  );
  const half = command.situationRemains ? say('levelsBackHalf') : '';
  return say('levelsBack', { name: before.name, count: back, half });
}

/** In the running conflict: in its turn order, or taken out while it runs. */
function inRunningConflict(roots: ReturnType<typeof pubRoots>, c: Character): boolean {
  if (!bool(roots.conflict, 'active')) return false;
  const order = (roots.conflict.get('order') as string[] | undefined) ?? [];
  return order.includes(c.id) || c.takenOut;
}

/**
 * narrative: the healing action that lets physical damage recover [NAR-RECOVER-2] ("healing
 * (which is always a Complex action)"): a roll made with `heals` for this character that
 * succeeded, used once.
 */
function healingRoll(
  roots: ReturnType<typeof pubRoots>,
  patient: Character,
  rollId: string | undefined,
): { map: YMap; roll: RollView } | ReturnType<typeof refuse> | undefined {
  if (rollId === undefined) return undefined;
  const found = findRoll(roots, rollId);
  if (isRefusal(found)) return found;
  const { roll } = found;
  if (roll.heals !== patient.id) {
    return refuse('rules', `That roll was not a healing action for ${patient.name}.`, {
      id: 'not-a-healing-roll',
      params: { name: patient.name },
    });
  }
  if (roll.outcome !== 'success' && roll.outcome !== 'success-with-style') {
    return refuse('rules', `The healing failed: ${patient.name}'s physical damage stays.`, {
      id: 'healing-failed',
      params: { name: patient.name },
    });
  }
  if (roll.healed)
    return refuse('rules', 'That healing roll has already been used.', { id: 'healing-used' });
  return found;
}

export const consequenceRecover: Handler<'consequence.recover'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const found = findControlled(roots, actor, command.characterId);
  if (isRefusal(found)) return found;
  const needsRoll = recoveryNeedsRoll(ruleset.id, actor, command.slotId);
  if (needsRoll) return needsRoll;
  // narrative: lost levels come back "once the conflict is over" [NAR-RECOVER-1], so not for
  // a character still in the running one (fighting, or taken out in it; one who conceded has
  // left it).
  if (
    ruleset.id === 'narrative' &&
    command.slotId === undefined &&
    inRunningConflict(roots, found.character)
  ) {
    return refuse(
      'rules',
      `${found.character.name} is still in the conflict: lost levels come back once it is over.`,
      { id: 'still-in-conflict', params: { name: found.character.name } },
    );
  }
  // narrative: past what the conflict's end gave back, the rest comes back when the GM says the
  // situation is over ("until the GM announces otherwise" [NAR-RECOVER-4]); a player's own way
  // is healing, for physical damage [NAR-RECOVER-2].
  if (
    ruleset.features.recoversAtConflictEnd &&
    command.slotId === undefined &&
    actor.role !== 'gm' &&
    !command.physical
  ) {
    return refuse(
      'forbidden',
      `The rest of ${found.character.name}'s lost levels come back when the GM says the situation is over, or after healing.`,
      { id: 'gm-says-when', params: { name: found.character.name } },
    );
  }
  const heal = command.physical
    ? healingRoll(roots, found.character, command.healRollId)
    : undefined;
  if (heal && isRefusal(heal)) return heal;
  const started = ruleset.startRecovery(found.character, {
    ...(command.slotId === undefined ? {} : { slotId: command.slotId }),
    ...(command.text === undefined ? {} : { newName: command.text }),
    ...(command.situationRemains === undefined
      ? {}
      : { situationRemains: command.situationRemains }),
    ...(command.physical === undefined ? {} : { physical: command.physical }),
    ...(heal ? { healed: true } : {}),
    sceneRunning: bool(roots.scene, 'active'),
  });
  if (!started.ok) {
    return refuse(tableCode(started.code), started.message);
  }
  return {
    pub: () => {
      writeCharacter(found.map, started.value);
      if (heal) put(heal.map, 'healed', true);
    },
    log: [
      {
        ...line(recoveredSaid(found.character, started.value, command)),
        characterId: command.characterId,
      },
    ],
  };
};

export const consequenceClear: Handler<'consequence.clear'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'clear a consequence by hand');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  const found = findCharacter(roots, command.characterId);
  if (isRefusal(found)) return found;
  const slot = found.character.consequences.find((s) => s.id === command.slotId);
  if (!slot?.taken)
    return refuse('not-found', `No consequence in slot "${command.slotId}".`, {
      id: 'no-consequence',
    });
  const next: Character = {
    ...found.character,
    consequences: found.character.consequences.map((s) => {
      if (s.id !== command.slotId) return s;
      const { taken: _gone, ...free } = s;
      return free;
    }),
  };
  const live = new Set([
    ...next.aspects.map((a) => a.id),
    ...next.consequences.filter((s) => s.taken).map((s) => s.id),
  ]);
  return {
    pub: () => {
      writeCharacter(found.map, next);
      pruneSheetInvokes(found.map, live);
    },
    log: [
      {
        ...line(say('consequenceCleared', { name: found.character.name, text: slot.taken.text })),
        characterId: command.characterId,
      },
    ],
  };
};
