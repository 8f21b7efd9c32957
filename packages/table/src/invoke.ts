import type { EconomyTransition, Party } from '@fateboard/rules';
import { rollFateDice } from '@fateboard/rules';
import { controls, findCharacter, tableRuleset } from './access';
import { resolveAspect, setFreeInvokes } from './aspect-refs';
import { removeTableAspect } from './aspects';
import type { CharacterRecord } from './character-store';
import type { Handler } from './context';
import { refuse } from './context';
import { economyOf, runEconomy, writeEconomy } from './points';
import { actorRef, findRoll, rescore, writeRoll } from './rolls';
import { pubRoots } from './schema';
import type { RollSide, RollView } from './views';

/** Who pays for a character's paid invoke: the character, or the GM pool for NPCs. */
export function partyOf(c: CharacterRecord): Party {
  return c.npc ? { type: 'gm' } : { type: 'character', id: c.id };
}

/** Whose free invokes a character uses: its player's seat, or `gm` for NPCs. */
export function invokeOwnerOf(c: CharacterRecord): string {
  return c.npc || c.owner === undefined ? 'gm' : c.owner;
}

export const invoke: Handler<'invoke'> = (ctx) => {
  const { docs, actor, command } = ctx;
  const r = pubRoots(docs.pub);
  const ruleset = tableRuleset(r);
  if ('ok' in ruleset) return ruleset;
  const found = findRoll(r, command.rollId);
  if ('ok' in found) return found;
  const side = command.side ?? 'actor';
  const rolled: RollSide | undefined = side === 'actor' ? found.roll.actor : found.roll.opposition;
  if (!rolled) return refuse('invalid', 'That roll has no opposing side.');
  const invoker = findCharacter(r, rolled.characterId);
  if ('ok' in invoker) return invoker;
  if (!controls(actor, invoker.character)) {
    return refuse('forbidden', `You do not play "${invoker.character.name}".`);
  }
  const aspect = resolveAspect(r, command.ref);
  if ('ok' in aspect) return aspect;

  const owner = invokeOwnerOf(invoker.character);
  const economy: EconomyTransition[] = [];
  let freeLeft = 0;
  if (command.free) {
    const held = aspect.freeInvokes[owner] ?? 0;
    if (held < 1) return refuse('no-free-invokes', `You hold no free invoke on "${aspect.text}".`);
    freeLeft = held - 1;
  } else {
    // An aspect on another character, invoked against them, pays them at scene end [CORE-FP-9].
    const against =
      aspect.characterId !== undefined && aspect.characterId !== invoker.character.id
        ? aspect.characterId
        : undefined;
    economy.push({
      type: 'invoke',
      payer: partyOf(invoker.character),
      ...(against === undefined ? {} : { againstCharacterId: against }),
    });
  }
  const run = runEconomy(economyOf(r), economy);
  if ('ok' in run) return run;

  const changed: RollSide =
    command.effect === '+2'
      ? { ...rolled, bonus: rolled.bonus + 2 }
      : { ...rolled, faces: [...rollFateDice(ctx.rng, ruleset.diceCount).faces] };
  const next: RollView = rescore({
    ...found.roll,
    ...(side === 'actor' ? { actor: changed } : { opposition: changed }),
    invokes: [
      ...found.roll.invokes,
      {
        side,
        aspectText: aspect.text,
        free: command.free,
        effect: command.effect,
        by: actorRef(ctx),
      },
    ],
  });
  const after = side === 'actor' ? next.actor : next.opposition;
  // A boost goes away once invoked [CORE-BOOST-1].
  const dropBoost =
    command.free && aspect.where === 'table' && aspect.kind === 'boost' && freeLeft === 0;
  return {
    pub: () => {
      if (command.free) {
        if (dropBoost) removeTableAspect(r, aspect.id);
        else setFreeInvokes(aspect, owner, freeLeft);
      }
      writeEconomy(r, run.state);
      writeRoll(found.map, next);
    },
    log: [
      {
        text: `${invoker.character.name} invoked "${aspect.text}" (${command.free ? 'free' : 'fate point'}, ${command.effect === '+2' ? '+2' : 'reroll'}): now ${after?.label ?? '?'}, ${next.outcome} (${next.shifts} shifts).`,
        characterId: invoker.character.id,
        rollId: found.roll.id,
        movements: run.movements,
      },
    ],
    result: { rollId: found.roll.id },
  };
};
