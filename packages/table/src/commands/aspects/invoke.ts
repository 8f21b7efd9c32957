import { ladderParam, line, say } from '../../log/say';
import type { LogMessage, LogParam } from '../../log/say';
import type { EconomyTransition, InvocableAspect, InvokedRoll, Party } from '@fateboard/rules';
import { invokeAspect } from '@fateboard/rules';
import { actorRef, controllerOf, controls, findCharacter, gmOnly } from '../access';
import type { ResolvedAspect } from './aspect-refs';
import { resolveAspect, setFreeInvokes } from './aspect-refs';
import { removeTableAspect } from './aspects';
import type { CharacterRecord } from '../../doc/character-store';
import type { AspectRef } from '../schemas';
import type { Handler } from '../context';
import { tableCode } from '../../protocol/refusal-codes';
import { isRefusal, refuse } from '../context';
import { decidedRoll } from '../rolls/defence';
import { economyOf, runEconomy, writeEconomy } from '../fate-points/points';
import { rescore, writeRoll } from '../rolls/stored-rolls';
import { pubRoots } from '../../doc/schema';
import type { RollSide, RollView } from '../../doc/views';
import { readRoll } from '../../doc/views';
import type { YMap } from '../../doc/ymap';
import { otherSideNowSaid, resultSaid } from '../../log/words';

/** Who pays for a character's paid invoke: the character, or the GM pool for NPCs. */
export function partyOf(c: CharacterRecord): Party {
  return c.npc ? { type: 'gm' } : { type: 'character', id: c.id };
}

/** Whose free invokes a character uses: its controller's (its player's seat, or `gm`). */
export function invokeOwnerOf(c: CharacterRecord): string {
  return controllerOf(c);
}

export function aspectKey(ref: AspectRef): string {
  return ref.characterId === undefined ? ref.aspectId : `${ref.characterId}/${ref.aspectId}`;
}

/**
 * The roll as the rules' invocations see it, from the invoking side: the acting side's own
 * roll, the opposing character's roll (against the actor's total), or the actor's roll with
 * a passive difficulty the GM raises.
 */
function invokedRoll(roll: RollView, side: RollSide, against: number | undefined): InvokedRoll {
  return {
    rollerId: side.characterId,
    faces: side.faces.map((f) => (f > 0 ? 1 : f < 0 ? -1 : 0)),
    skill: side.rating,
    modifier: side.modifiers.reduce((a, m) => a + m.value, 0),
    invokeBonus: side.bonus,
    opposition:
      against === undefined
        ? { kind: 'passive', value: roll.difficulty ?? 0, invokeBonus: roll.difficultyBonus ?? 0 }
        : { kind: 'active', value: against },
    // Paid invokes per aspect and side, for the once-per-roll rule [CORE-INVOKE-4].
    paidInvokes: roll.invokes
      .filter((i) => !i.free)
      .map((i) => ({
        aspectId: i.aspectKey,
        side: (i.side === 'actor') === (side === roll.actor) ? 'roll' : 'opposition',
      })),
  };
}

export const invoke: Handler<'invoke'> = (ctx) => {
  const { docs, actor, command } = ctx;
  const roots = pubRoots(docs.pub);
  const found = decidedRoll(roots, command.rollId);
  if (isRefusal(found)) return found;
  const { ruleset, roll } = found;
  const side = command.side ?? 'actor';
  const aspect = resolveAspect(roots, command.ref);
  if (isRefusal(aspect)) return aspect;
  const key = aspectKey(command.ref);

  // Raising a passive difficulty is the GM's invoke, paid from the GM pool [CORE-INVOKE-2].
  const raisesDifficulty = side === 'opposition' && roll.opposition === undefined;
  let invoker: CharacterRecord | undefined;
  let rolled: RollSide;
  if (raisesDifficulty) {
    const denied = gmOnly(actor, 'invoke against a difficulty');
    if (denied) return denied;
    rolled = roll.actor;
  } else {
    const mine = side === 'actor' ? roll.actor : roll.opposition;
    if (!mine) return refuse('invalid', 'That roll has no opposing side.');
    const who = findCharacter(roots, mine.characterId);
    if (isRefusal(who)) return who;
    if (!controls(actor, who.character))
      return refuse('forbidden', `You do not play "${who.character.name}".`);
    invoker = who.character;
    rolled = mine;
  }
  const against = raisesDifficulty
    ? undefined
    : side === 'actor'
      ? roll.opposition?.total
      : roll.actor.total;
  // A simple action (narrative) rolled no dice: a reroll has nothing to replace.
  if (command.effect === 'reroll' && rolled.faces.length === 0) {
    return refuse('invalid', 'That roll has no dice to reroll.');
  }
  const invokerId = invoker?.id ?? 'gm';
  const holder = invoker ? invokeOwnerOf(invoker) : 'gm';
  const invocable: InvocableAspect = {
    id: key,
    text: aspect.text,
    freeInvokes: aspect.freeInvokes,
    ...(aspect.where === 'table' && aspect.kind === 'boost' ? { boost: true } : {}),
  };
  const step = invokeAspect(
    { roll: invokedRoll(roll, rolled, against), aspects: { [key]: invocable } },
    {
      invokerId: raisesDifficulty ? rolled.characterId : invokerId,
      aspectId: key,
      pay: command.free ? 'free-invoke' : 'fate-point',
      holderId: holder,
      effect: command.effect === '+2' ? 'bonus' : 'reroll',
      side: raisesDifficulty ? 'opposition' : 'roll',
    },
    ctx.rng,
  );
  if (!step.ok) return refuse(tableCode(step.code), step.message);
  const after = step.value.state.roll;

  const economy: EconomyTransition[] = [];
  if (step.value.paid.type === 'fate-point') {
    // An aspect on another character, invoked against them, pays them at scene end [CORE-FP-9].
    const target = aspect.characterId;
    const hostile = target !== undefined && target !== invoker?.id;
    economy.push({
      type: 'invoke',
      payer: invoker ? partyOf(invoker) : { type: 'gm' },
      ...(hostile ? { againstCharacterId: target } : {}),
    });
  }
  const run = runEconomy(economyOf(roots), economy);
  if (isRefusal(run)) return run;

  const changed: RollSide = { ...rolled, faces: [...after.faces], bonus: after.invokeBonus };
  const passive = after.opposition.kind === 'passive' ? after.opposition.invokeBonus : undefined;
  const next = rescore(ruleset, {
    ...roll,
    ...(raisesDifficulty ? {} : side === 'actor' ? { actor: changed } : { opposition: changed }),
    ...(raisesDifficulty && passive !== undefined ? { difficultyBonus: passive } : {}),
    invokes: [
      ...roll.invokes,
      {
        side,
        aspectKey: key,
        aspectText: aspect.text,
        free: command.free,
        effect: command.effect,
        by: actorRef(ctx),
      },
    ],
  });
  const paid = step.value.paid;
  const freeLeft = step.value.state.aspects[key]?.freeInvokes[holder] ?? 0;
  // An attack on a zone is one roll: what raises it raises it against every defender still
  // facing it [CORE-TARGET-1]; each defender's own side stays theirs.
  const siblings =
    roll.zoneAttack && side === 'actor'
      ? zoneAttackCopies(roots, roll).map((x) => {
          const raised: RollView = {
            ...x.roll,
            actor: next.actor,
            invokes: [...x.roll.invokes, next.invokes[next.invokes.length - 1]!],
          };
          // A copy still awaiting its defence has no outcome yet to rescore.
          const awaiting = x.roll.defence?.status === 'awaiting';
          return { map: x.map, roll: awaiting ? raised : rescore(ruleset, raised) };
        })
      : [];
  return {
    pub: () => {
      if (paid.type === 'free-invoke') spendFree(roots, aspect, paid.boostSpent, holder, freeLeft);
      writeEconomy(roots, run.state);
      writeRoll(found.map, next);
      for (const x of siblings) writeRoll(x.map, x.roll);
    },
    log: [
      {
        ...line(
          invokedSaid(roots, next, side, {
            name: invoker?.name ?? say('theGMCapital'),
            aspect: aspect.text,
            effect: say(command.effect === 'reroll' ? 'invokeForReroll' : 'invokeForPlus2'),
            paid: say(command.free ? 'paidFreeInvoke' : 'paidFatePoint'),
          }),
        ),
        ...(invoker ? { characterId: invoker.id } : {}),
        rollId: roll.id,
        movements: run.movements,
      },
    ],
    result: { rollId: roll.id },
  };
};

/** The other copies of a zone attack still in play: not applied, not conceded. */
function zoneAttackCopies(
  roots: ReturnType<typeof pubRoots>,
  roll: RollView,
): { map: YMap; roll: RollView }[] {
  const out: { map: YMap; roll: RollView }[] = [];
  for (const map of roots.rolls.toArray()) {
    const other = readRoll(map);
    if (other.id === roll.id || other.zoneAttack?.group !== roll.zoneAttack?.group) continue;
    if (other.applied || other.defence?.status === 'conceded') continue;
    out.push({ map, roll: other });
  }
  return out;
}

/**
 * The invoke's log sentence: the roller's new total and result, or for the other side (the
 * defence, a raised difficulty) that side's new total against the roller's, whose result it is.
 */
function invokedSaid(
  roots: ReturnType<typeof pubRoots>,
  roll: RollView,
  side: 'actor' | 'opposition',
  params: { name: LogParam; aspect: string; effect: LogParam; paid: LogParam },
): LogMessage {
  if (side === 'actor') {
    return say('invoked', {
      ...params,
      total: ladderParam(roll.actor.total),
      result: resultSaid(roll.outcome, roll.shifts),
    });
  }
  const roller = findCharacter(roots, roll.actor.characterId);
  const rollerName = isRefusal(roller) ? '?' : roller.name;
  return say('invokedOn', { ...params, now: otherSideNowSaid(roll, rollerName) });
}

/** A used free invoke: one fewer held, or the boost gone [CORE-BOOST-1]. */
function spendFree(
  roots: ReturnType<typeof pubRoots>,
  aspect: ResolvedAspect,
  boostSpent: boolean,
  holder: string,
  left: number,
): void {
  if (boostSpent && aspect.where === 'table') removeTableAspect(roots, aspect.id);
  else setFreeInvokes(aspect, holder, left);
}
