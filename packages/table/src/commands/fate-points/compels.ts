import { line, say } from '../../log/say';
import type { LogMessage } from '../../log/say';
import * as Y from 'yjs';
import type { EconomyTransition, Holder, Movement, Party } from '@fateboard/rules';
import { exhaustive } from '@fateboard/rules';
import { actorRef, controls, findCharacter, tableRuleset } from '../access';
import { resolveAspect } from '../aspects/aspect-refs';
import type { Actor, Handler, OrRefusal, Plan } from '../context';
import { isRefusal, refuse } from '../context';
import { economyOf, runEconomy, writeEconomy } from './points';
import type { PubRoots } from '../../doc/schema';
import { pubRoots } from '../../doc/schema';
import type { CompelView } from '../../doc/views';
import { readCompel } from '../../doc/views';
import { optStr, peek } from '../../doc/ymap';

/**
 * Compels: the GM or a player offers one, the compelled character's player accepts (gains a
 * point) or refuses (pays one). A player's compel on their own character is a self-compel,
 * which only the GM decides [CORE-FP-6] [CORE-FP-7] [CORE-FP-8]. An open compel can also be
 * withdrawn undecided (by the GM, or by the player whose character offered it), and the end
 * of a scene withdraws every compel still open: no fate point moves either way.
 */

export const compelOffer: Handler<'compel.offer'> = (ctx) => {
  const { docs, actor, command, newId, now } = ctx;
  const roots = pubRoots(docs.pub);
  const target = findCharacter(roots, command.characterId);
  if (isRefusal(target)) return target;
  let aspectText: string | undefined;
  if (command.ref) {
    const aspect = resolveAspect(roots, command.ref);
    if (isRefusal(aspect)) return aspect;
    aspectText = aspect.text;
  }
  const self = actor.role === 'player' && controls(actor, target.character);
  let fromCharacterId: string | undefined;
  if (!self && (actor.role === 'player' || command.fromCharacterId !== undefined)) {
    // A player compelling another character pays for it with their own point if accepted.
    const seat = actor.seatId === undefined ? undefined : peek(roots.seats, actor.seatId);
    const from = command.fromCharacterId ?? (seat ? optStr(seat, 'characterId') : undefined);
    if (from === undefined) return refuse('invalid', 'Name the character who offers the compel.');
    const offerer = findCharacter(roots, from);
    if (isRefusal(offerer)) return offerer;
    if (!controls(actor, offerer.character)) {
      return refuse('forbidden', `You do not play "${offerer.character.name}".`);
    }
    if (from === target.character.id)
      return refuse('invalid', 'A character cannot compel itself for a point.');
    if (offerer.character.fatePoints < 1) {
      return refuse('no-fate-points', `${offerer.character.name} has no fate point to offer.`);
    }
    fromCharacterId = from;
  } else if (
    self &&
    command.fromCharacterId !== undefined &&
    command.fromCharacterId !== target.character.id
  ) {
    return refuse('invalid', 'A self-compel is offered by the compelled character.');
  }
  const id = newId();
  if (roots.compels.has(id)) return refuse('invalid', 'Compel id collision; try again.');
  const view: CompelView = {
    id,
    characterId: target.character.id,
    text: command.text,
    ...(aspectText === undefined ? {} : { aspectText }),
    offeredBy: actorRef(ctx),
    ...(fromCharacterId === undefined ? {} : { fromCharacterId }),
    self,
    at: now,
  };
  return {
    pub: () => {
      const m = new Y.Map<unknown>();
      roots.compels.set(id, m);
      for (const [key, value] of Object.entries(view)) m.set(key, value);
    },
    log: [
      {
        ...line(
          aspectText
            ? say(self ? 'selfCompelOfferedOn' : 'compelOfferedOn', {
                name: target.character.name,
                text: command.text,
                aspect: aspectText,
              })
            : say(self ? 'selfCompelOffered' : 'compelOffered', {
                name: target.character.name,
                text: command.text,
              }),
        ),
        characterId: target.character.id,
      },
    ],
    result: { compelId: id },
  };
};

/**
 * Who decides an open compel: a self-compel, the GM ([CORE-FP-8]); any other, the compelled
 * character's player ([CORE-FP-6], [CORE-FP-7]: "the target" accepts or pays), and the GM for
 * an NPC or a character nobody plays. The GM does not take a fate point, or pay one, for a
 * player's character. The reducer and the client both ask this.
 */
export function decidesCompel(
  actor: Actor,
  compel: Pick<CompelView, 'self'>,
  target: { npc: boolean; owner?: string | undefined },
): boolean {
  if (compel.self) return actor.role === 'gm';
  if (target.npc || target.owner === undefined) return actor.role === 'gm';
  return controls(actor, target) && actor.role === 'player';
}

/**
 * Who may take an open compel back undecided: the GM, any; a player, one their own character
 * offered (a self-compel included). `offerer` is the offering character, if a character offered.
 */
export function withdrawsCompel(
  actor: Actor,
  offerer: { owner?: string | undefined } | undefined,
): boolean {
  if (actor.role === 'gm') return true;
  return offerer !== undefined && controls(actor, offerer);
}

function decide(
  ctx: Parameters<Handler<'compel.accept'>>[0] | Parameters<Handler<'compel.refuse'>>[0],
  accept: boolean,
): OrRefusal<Plan> {
  const { docs, actor, command } = ctx;
  const roots = pubRoots(docs.pub);
  const map = peek(roots.compels, command.compelId);
  if (!map)
    return refuse('not-found', `No open compel "${command.compelId}".`, { id: 'no-compel' });
  const compel = readCompel(map);
  const target = findCharacter(roots, compel.characterId);
  if (isRefusal(target)) return target;
  let transition: EconomyTransition;
  if (compel.self) {
    if (actor.role !== 'gm') return refuse('forbidden', 'Only the GM decides a self-compel.');
    transition = { type: 'self-compel', characterId: compel.characterId, gmAccepts: accept };
  } else {
    if (!decidesCompel(actor, compel, target.character)) {
      const gmDecides = target.character.npc || target.character.owner === undefined;
      return refuse(
        'forbidden',
        gmDecides
          ? `Only the GM decides a compel on ${target.character.name}.`
          : `Only ${target.character.name}'s player decides this compel.`,
      );
    }
    const offeredBy: Party =
      compel.fromCharacterId === undefined
        ? { type: 'gm' }
        : { type: 'character', id: compel.fromCharacterId };
    if (accept) {
      transition = { type: 'compel-accept', target: compel.characterId, offeredBy };
    } else {
      // Where a refused GM compel's point goes is the game's [CORE-FP-7] [PIR-COMPEL-1].
      const ruleset = tableRuleset(roots);
      if (isRefusal(ruleset)) return ruleset;
      transition = {
        type: 'compel-refuse',
        target: compel.characterId,
        offeredBy,
        gmTakesTo: ruleset.gmCompelRefusalTo,
      };
    }
  }
  const run = runEconomy(economyOf(roots), [transition]);
  if (isRefusal(run)) return run;
  return {
    pub: () => {
      roots.compels.delete(compel.id);
      writeEconomy(roots, run.state);
    },
    log: [
      {
        ...line(
          say('compelDecided', {
            name: target.character.name,
            decision: compel.self
              ? say(accept ? 'selfCompelAccepted' : 'selfCompelDeclined')
              : decision(roots, accept, run.movements),
            text: compel.text,
          }),
        ),
        characterId: compel.characterId,
        movements: run.movements,
      },
    ],
  };
}

/**
 * "accepted the compel and took a fate point from the GM", "refused the compel and paid Zira
 * a fate point": who the point came from or went to, read from the movement itself.
 */
function decision(roots: PubRoots, accept: boolean, movements: readonly Movement[]): LogMessage {
  const moved = movements[0];
  if (accept) {
    const from =
      moved?.from.type === 'character' ? characterName(roots, moved.from.id) : say('theGM');
    return say('compelAccepted', { from });
  }
  const to: Holder = moved?.to ?? { type: 'bank' };
  switch (to.type) {
    case 'character':
      return say('compelRefusedPaid', { to: characterName(roots, to.id) });
    case 'gm-pool':
      return say('compelRefusedPaid', { to: say('theGM') });
    // The bank (a GM's compel in most games) is nobody at the table.
    case 'bank':
    case 'scene-payout':
      return say('compelRefused');
    default:
      return exhaustive(to);
  }
}

export function characterName(roots: PubRoots, id: string): string {
  const c = peek(roots.characters, id);
  return (c && optStr(c, 'name')) ?? 'someone';
}

export const compelAccept: Handler<'compel.accept'> = (ctx) => decide(ctx, true);
export const compelRefuse: Handler<'compel.refuse'> = (ctx) => decide(ctx, false);
