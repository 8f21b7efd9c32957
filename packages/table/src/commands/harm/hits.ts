import { line, say } from '../../log/say';
import type { LogParam } from '../../log/say';
import type { Character } from '@fateboard/rules';
import { narrativeTakeOut } from '@fateboard/rules';
import { findCharacter, findControlled, tableRuleset } from '../access';
import { setSheetInvokes, writeCharacter, writeTableState } from '../../doc/character-store';
import type { Handler } from '../context';
import { isRefusal, refuse } from '../context';
import { dropFromOrder } from '../time/conflict';
import { invokeOwnerOf } from '../aspects/invoke';
import { findRoll, writeRoll } from '../rolls/stored-rolls';
import { pubRoots } from '../../doc/schema';
import { readRoll } from '../../doc/views';
import { put } from '../../doc/ymap';
import { absorbOptionSaid, shiftsSaid, shiftsWords } from '../../log/words';
import { dropTicks, withTicks } from '../countdowns/exchange';

/**
 * Taking a hit: absorbing it (stress, consequences, whatever the ruleset offers) or being
 * taken out by it. Either settles the hit a roll left pending on the character.
 */

export const absorb: Handler<'absorb'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const found = findControlled(roots, actor, command.characterId);
  if (isRefusal(found)) return found;
  const defender = found.character;
  if (defender.takenOut) return refuse('invalid', `${defender.name} is already out of the scene.`);
  // The attacker, if the hit came from a roll, gets the free invokes on new consequences.
  let grantee = 'gm';
  let fromRoll: ReturnType<typeof findRoll> | undefined;
  let shifts = command.shifts;
  if (command.rollId !== undefined) {
    const roll = findRoll(roots, command.rollId);
    if (isRefusal(roll)) return roll;
    fromRoll = roll;
    // The hit the applied outcome left pending (narrative: the exchange's loser) [NAR-DAMAGE-1].
    const pending = roll.roll.hit;
    if (shifts === undefined) {
      if (!pending || pending.characterId !== defender.id) {
        return refuse('invalid', `That roll left no hit for ${defender.name} to absorb.`);
      }
      shifts = pending.shifts;
    }
    const hitter =
      pending && pending.characterId === roll.roll.actor.characterId && roll.roll.opposition
        ? roll.roll.opposition.characterId
        : roll.roll.actor.characterId;
    const attacker = findCharacter(roots, hitter);
    if (isRefusal(attacker)) return attacker;
    grantee = invokeOwnerOf(attacker.character);
  }
  if (shifts === undefined)
    return refuse('invalid', 'Give the hit’s shifts, or the roll it came from.');
  const hit = { shifts, kind: command.kind ?? 'physical' };
  const options = ruleset.absorptionOptions(defender, hit);
  const option = options[command.option];
  if (!option) {
    return refuse(
      'invalid',
      options.length === 0
        ? `${defender.name} cannot absorb ${shiftsWords(hit.shifts)}: they are taken out (or concede).`
        : `No absorption option ${command.option}; there are ${options.length}.`,
    );
  }
  const names = command.names ?? {};
  const unnamed = option.consequences.find((slot) => !names[slot]);
  if (unnamed !== undefined)
    return refuse('invalid', `Name the consequence for slot "${unnamed}".`);
  const applied = ruleset.applyAbsorption(
    defender,
    hit,
    command.replacesAspectId === undefined
      ? option
      : { ...option, replacesAspectId: command.replacesAspectId },
    names,
  );
  if (!applied.ok) return refuse('rules', applied.message);
  const after: Character = applied.value.character;
  const grants = applied.value.grants.freeInvokes;
  const pendingDone =
    fromRoll !== undefined &&
    !isRefusal(fromRoll) &&
    fromRoll.roll.hit?.characterId === defender.id;
  const ticks = after.takenOut && !defender.takenOut ? dropTicks(docs, defender.id) : undefined;
  return withTicks(ticks, {
    pub: () => {
      writeCharacter(found.map, after);
      // Incapacitated (narrative: every aspect at Poor) leaves the turn order [NAR-INCAP-1].
      if (after.takenOut && !defender.takenOut) dropFromOrder(roots, defender.id);
      if (pendingDone && fromRoll && !isRefusal(fromRoll)) {
        const { hit: _absorbed, ...rest } = fromRoll.roll;
        writeRoll(fromRoll.map, rest);
      }
      writeTableState(found.map, {
        conflictConsequences: found.character.conflictConsequences + option.consequences.length,
      });
      for (const g of grants) {
        const held = found.character.freeInvokes[g.consequenceSlotId]?.[grantee] ?? 0;
        setSheetInvokes(found.map, g.consequenceSlotId, grantee, held + g.count);
      }
    },
    log: [
      {
        ...line(
          say(after.takenOut && !defender.takenOut ? 'absorbedAndOut' : 'absorbed', {
            name: defender.name,
            shifts: shiftsSaid(hit.shifts),
            option: absorbOptionSaid(option, defender),
            named: namedSaid(option.consequences, names),
          }),
        ),
        characterId: defender.id,
        ...(command.rollId === undefined ? {} : { rollId: command.rollId }),
      },
    ],
  });
};

/**
 * The names the consequences were given, ` (“Twisted ankle”)`: the log (and the stream overlay,
 * which shows its sentences) says what was taken, not only which slot.
 */
function namedSaid(slots: readonly string[], names: Readonly<Record<string, string>>): LogParam {
  const named = slots.map((slot) => names[slot]).filter((n): n is string => !!n);
  return named.length
    ? say('namedConsequences', { names: named.map((text) => say('quoted', { text })) })
    : '';
}

export const takenOut: Handler<'taken-out'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const found = findControlled(roots, actor, command.characterId);
  if (isRefusal(found)) return found;
  if (found.character.takenOut)
    return refuse('invalid', `${found.character.name} is already out.`, {
      id: 'already-out',
      params: { name: found.character.name },
    });
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  // narrative: out is every aspect at Poor, so the sheet says so and recovery has the levels
  // to give back [NAR-INCAP-1] [NAR-RECOVER-1].
  const out = ruleset.id === 'narrative' ? narrativeTakeOut(found.character) : undefined;
  // The hits left on them are settled: being out is what they came to [PIR-TAKENOUT-1].
  const hits = roots.rolls
    .toArray()
    .map((map) => ({ map, roll: readRoll(map) }))
    .filter((x) => x.roll.hit?.characterId === command.characterId);
  const ticks = dropTicks(docs, command.characterId);
  return withTicks(ticks, {
    pub: () => {
      if (out) writeCharacter(found.map, out);
      put(found.map, 'takenOut', true);
      dropFromOrder(roots, command.characterId);
      for (const x of hits) {
        const { hit: _settled, ...rest } = x.roll;
        writeRoll(x.map, rest);
      }
    },
    log: [
      {
        ...line(say('takenOut', { name: found.character.name })),
        characterId: command.characterId,
        ...(hits[0] ? { rollId: hits[0].roll.id } : {}),
      },
    ],
  });
};
