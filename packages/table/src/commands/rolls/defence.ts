import { ladderParam, line, say } from '../../log/say';
import { exhaustive } from '@fateboard/rules';
import { controls, findCharacter, findControlled } from '../access';
import type { Handler, Refusal } from '../context';
import { isRefusal, refuse } from '../context';
import { dropFromOrder } from '../time/conflict';
import { economyOf, runEconomy, writeEconomy } from '../fate-points/points';
import { diceSaid, ratingOf, rollSide, sideModifiers, stuntAndHelp } from './sides';
import { findRoll, rescore, rollInPlay, writeRoll } from './stored-rolls';
import type { PubRoots } from '../../doc/schema';
import { pubRoots } from '../../doc/schema';
import type { RollView } from '../../doc/views';
import { readRoll } from '../../doc/views';
import type { YMap } from '../../doc/ymap';
import { bool } from '../../doc/ymap';
import { fatePointsSaid, resultSaid } from '../../log/words';
import { dropTicks, withTicks } from '../countdowns/exchange';

/**
 * Active defence: a roll against a character awaits that character's own roll, chosen and
 * rolled by whoever controls them (their player, the GM for an NPC or an absent player), or
 * their concession. Until then the roll has no outcome to invoke on or apply.
 */

/** Refuses to act on a roll whose outcome is not decided yet, or was given up. */
export function undecided(roll: RollView): Refusal | undefined {
  const status = roll.defence?.status;
  switch (status) {
    case undefined:
    case 'rolled':
      return undefined;
    case 'awaiting':
      return refuse('awaiting-defence', 'That roll awaits its defence: nothing is decided yet.');
    case 'conceded':
      return refuse('invalid', 'The defender conceded: that roll is over.');
    default:
      return exhaustive(status);
  }
}

/**
 * One of the table's recent rolls whose outcome is decided and not yet applied: where invoking
 * on a roll and applying its outcome start. Invokes come once both sides have rolled, and
 * before the outcome is applied: after that the total changes nothing, and the point or free
 * invoke would be spent for nothing.
 */
export function decidedRoll(roots: PubRoots, id: string): ReturnType<typeof rollInPlay> {
  const found = rollInPlay(roots, id);
  if (isRefusal(found)) return found;
  const open = undecided(found.roll);
  if (open) return open;
  if (found.roll.applied)
    return refuse('invalid', 'That roll’s outcome was already applied.', { id: 'already-applied' });
  return found;
}

export const defend: Handler<'defend'> = (ctx) => {
  const { docs, actor, command } = ctx;
  const roots = pubRoots(docs.pub);
  const found = rollInPlay(roots, command.rollId);
  if (isRefusal(found)) return found;
  const { ruleset, roll } = found;
  const defence = roll.defence;
  if (!defence || defence.status === 'conceded') {
    return refuse('no-defence-awaited', 'That roll awaits no defence.');
  }
  if (defence.status === 'rolled') {
    return refuse('already-defended', 'That roll’s defence was already rolled.');
  }
  const who = findCharacter(roots, defence.characterId);
  if (isRefusal(who)) return who;
  const defender = who.character;
  if (!controls(actor, defender)) {
    return refuse('forbidden', `You do not play "${defender.name}".`);
  }
  const input = { characterId: defender.id, ...command };
  const rating = ratingOf(ruleset, defender, input);
  if (typeof rating !== 'number') return rating;
  const mods = sideModifiers(ruleset, input, 'defender');
  if (isRefusal(mods)) return mods;
  const bonuses = stuntAndHelp(roots, actor, defender, input);
  if (isRefusal(bonuses)) return bonuses;
  const side = rollSide(ctx, defender, input, rating, [...bonuses, ...mods], ruleset.diceCount);
  const next = rescore(ruleset, {
    ...roll,
    opposition: side,
    defence: { characterId: defender.id, status: 'rolled' },
  });
  const attacker = findCharacter(roots, roll.actor.characterId);
  const attackerName = isRefusal(attacker) ? say('theRoll') : attacker.character.name;
  return {
    pub: () => writeRoll(found.map, next),
    log: [
      {
        ...line(
          say('defended', {
            name: defender.name,
            dice: diceSaid(side),
            total: ladderParam(side.total),
            attacker: attackerName,
            attack: ladderParam(roll.actor.total),
            result: resultSaid(next.outcome, next.shifts),
          }),
        ),
        characterId: defender.id,
        rollId: roll.id,
      },
    ],
    result: { rollId: roll.id },
  };
};

/** The recent rolls that concern a character's defence, with their maps. */
function defencesOf(roots: PubRoots, characterId: string): { map: YMap; roll: RollView }[] {
  const out: { map: YMap; roll: RollView }[] = [];
  for (const map of roots.rolls.toArray()) {
    const roll = readRoll(map);
    if (roll.defence?.characterId === characterId || roll.hit?.characterId === characterId) {
      out.push({ map, roll });
    }
  }
  return out;
}

/**
 * Conceding: possible until the dice hit the table, so before the defence is rolled (the
 * pirates text: "at any point before the dice hit the table"), never once a hit is dealt. It
 * gives up every defence the character still owes, pays 1 fate point plus 1 per consequence
 * taken in this conflict (the scene's in `pirates`) [CORE-FP-10] [PIR-CONCEDE-1], and leaves
 * the turn order.
 */
export const concede: Handler<'concede'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const found = findControlled(roots, actor, command.characterId);
  if (isRefusal(found)) return found;
  const c = found.character;
  if (!bool(roots.conflict, 'active')) {
    return refuse('no-conflict', 'There is no conflict to concede: an attack starts one.');
  }
  const order = (roots.conflict.get('order') as string[] | undefined) ?? [];
  if (!order.includes(c.id) || c.takenOut) {
    return refuse('invalid', `${c.name} is not in the conflict any more.`);
  }
  const rolls = defencesOf(roots, c.id);
  if (command.rollId !== undefined) {
    const named = rolls.find((x) => x.roll.id === command.rollId);
    if (!named) {
      const exists = findRoll(roots, command.rollId);
      return isRefusal(exists) ? exists : refuse('invalid', `That roll was not against ${c.name}.`);
    }
  }
  // A hit already dealt, or a defence rolled whose outcome waits, is past conceding.
  const late = rolls.find(
    (x) =>
      x.roll.hit?.characterId === c.id ||
      (x.roll.defence?.status === 'rolled' &&
        !x.roll.applied &&
        (command.rollId === undefined || x.roll.id === command.rollId)),
  );
  if (late) {
    return refuse(
      'defence-rolled',
      `${c.name}’s defence was already rolled: too late to concede that exchange.`,
    );
  }
  const awaiting = rolls.filter((x) => x.roll.defence?.status === 'awaiting');
  const run = runEconomy(economyOf(roots), [
    { type: 'concede', characterId: c.id, consequencesTaken: c.conflictConsequences },
  ]);
  if (isRefusal(run)) return run;
  const paid = run.movements.reduce((sum, m) => sum + m.amount, 0);
  const ticks = dropTicks(docs, c.id);
  return withTicks(ticks, {
    pub: () => {
      writeEconomy(roots, run.state);
      dropFromOrder(roots, c.id);
      for (const x of awaiting) {
        writeRoll(x.map, {
          ...x.roll,
          applied: true,
          defence: { characterId: c.id, status: 'conceded' },
        });
      }
    },
    log: [
      {
        ...line(say('conceded', { name: c.name, points: fatePointsSaid(paid) })),
        characterId: c.id,
        ...(awaiting[0] ? { rollId: awaiting[0].roll.id } : {}),
        movements: run.movements,
      },
    ],
  });
};
