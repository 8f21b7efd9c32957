import * as Y from 'yjs';
import type { DeclarationStance } from '@fateboard/rules';
import { exhaustive, signed } from '@fateboard/rules';
import { line, say } from '../../log/say';
import type { LogMessage, LogParam } from '../../log/say';
import { controllerOf, findCharacter, gmOnly, isController, tableRuleset } from '../access';
import type { Handler, Refusal } from '../context';
import { isRefusal, refuse } from '../context';
import type { PubRoots } from '../../doc/schema';
import { pubRoots } from '../../doc/schema';
import type { DeclarationView } from '../../doc/view-types';
import { readDeclaration } from '../../doc/views';
import type { YMap } from '../../doc/ymap';
import { peek, put, str } from '../../doc/ymap';
import { declarationVoters, voteRefusal, voteState, voterKey, withdraws } from './vote';

/**
 * edgerunner's declarations as a vote [ER-DECLARE-4]: the declarer proposes the words and the
 * target, each other player and the GM vote once on their own screen, and the roll (`roll` with
 * `declarationId`, rolls/roll-kind.ts) takes the server's tally once every vote is in or the GM
 * closed the vote. Who may do what is vote.ts's.
 */

/** A declaration in the public document, read. */
export function findDeclaration(
  roots: PubRoots,
  id: string,
): { map: YMap; view: DeclarationView } | Refusal {
  const map = peek(roots.declarations, id);
  if (!map) {
    return refuse('not-found', 'That declaration is no longer before the table.', {
      id: 'no-declaration',
    });
  }
  return { map, view: readDeclaration(map) };
}

/** A voter's name for the log: the GM, or the seat's player. */
function voterSaid(roots: PubRoots, key: string): LogParam {
  if (key === 'gm') return say('theGMCapital');
  const seat = peek(roots.seats, key);
  return seat ? str(seat, 'name') : say('someone');
}

/** "2 supporting, 1 opposing; it rolls at +1": the tally as the vote ended. */
function resultParams(d: DeclarationView): Record<string, LogParam> {
  const t = voteState(d);
  return { text: d.text, supporters: t.supporters, opposers: t.opposers, skill: signed(t.skill) };
}

export const declarationPropose: Handler<'declaration.propose'> = (ctx) => {
  const { docs, actor, command, newId, now } = ctx;
  const roots = pubRoots(docs.pub);
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  if (!ruleset.features.aspectActions) {
    return refuse('rules', `${ruleset.name} has no declarations.`);
  }
  const found = findCharacter(roots, command.characterId);
  if (isRefusal(found)) return found;
  // "A player action": the one who plays the character declares [ER-DECLARE-1].
  if (!isController(actor, found.character)) {
    return refuse('forbidden', `${found.name}'s player makes ${found.name}'s declarations.`, {
      id: 'not-declarer',
      params: { name: found.name },
    });
  }
  const target =
    command.targetId === undefined ? undefined : findCharacter(roots, command.targetId);
  if (target && isRefusal(target)) return target;
  const declarer = controllerOf(found.character);
  // One at a time per declarer: the table answers one question of hers before the next.
  let open = false;
  roots.declarations.forEach((m) => {
    if ((m as YMap).get('declarer') === declarer) open = true;
  });
  if (open) {
    return refuse('invalid', 'Your declaration is still before the table: roll or withdraw it.', {
      id: 'declaration-open',
    });
  }
  const seats: string[] = [];
  roots.seats.forEach((_, id) => seats.push(id));
  const voters = declarationVoters(seats.sort(), declarer);
  const id = newId();
  return {
    pub: () => {
      const m = new Y.Map<unknown>();
      roots.declarations.set(id, m);
      m.set('id', id);
      m.set('characterId', found.character.id);
      m.set('declarer', declarer);
      m.set('text', command.text);
      if (target) m.set('targetId', target.character.id);
      m.set('voters', voters);
      m.set('votes', {});
      m.set('at', now);
    },
    log: [
      {
        ...line(
          say('declarationProposed', {
            name: found.name,
            text: command.text,
            target: target ? say('declarationTarget', { name: target.name }) : '',
          }),
        ),
        characterId: found.character.id,
      },
    ],
    result: { declarationId: id },
  };
};

export const declarationVote: Handler<'declaration.vote'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const found = findDeclaration(roots, command.declarationId);
  if (isRefusal(found)) return found;
  const d = found.view;
  const denied = voteRefusal(actor, d);
  if (denied) return denied;
  const key = voterKey(actor)!;
  const votes = { ...d.votes, [key]: command.stance };
  // The last vote closes it: the roll may go.
  const after: DeclarationView = { ...d, votes };
  const over = !voteState(after).open;
  return {
    pub: () => put(found.map, 'votes', votes),
    log: [
      {
        ...line(
          say('declarationVoted', {
            voter: voterSaid(roots, key),
            stance: stanceSaid(command.stance),
            text: d.text,
          }),
        ),
        characterId: d.characterId,
      },
      ...(over
        ? [{ ...line(say('declarationVoteIn', resultParams(after))), characterId: d.characterId }]
        : []),
    ],
  };
};

function stanceSaid(stance: DeclarationStance): LogMessage {
  switch (stance) {
    case 'support':
      return say('voteSupports');
    case 'oppose':
      return say('voteOpposes');
    case 'abstain':
      return say('voteAbstains');
    default:
      return exhaustive(stance);
  }
}

export const declarationClose: Handler<'declaration.close'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'close a vote');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  const found = findDeclaration(roots, command.declarationId);
  if (isRefusal(found)) return found;
  if (!voteState(found.view).open) {
    return refuse('invalid', 'The vote on this declaration is closed.', { id: 'vote-closed' });
  }
  // The votes not cast count as abstentions [ER-DECLARE-4].
  const after: DeclarationView = { ...found.view, closed: true };
  return {
    pub: () => put(found.map, 'closed', true),
    log: [
      {
        ...line(say('declarationClosed', resultParams(after))),
        characterId: found.view.characterId,
      },
    ],
  };
};

export const declarationWithdraw: Handler<'declaration.withdraw'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const found = findDeclaration(roots, command.declarationId);
  if (isRefusal(found)) return found;
  const d = found.view;
  if (!withdraws(actor, d)) {
    return refuse('forbidden', 'Only the one who declared (or the GM) takes a declaration back.');
  }
  const who = findCharacter(roots, d.characterId);
  return {
    pub: () => roots.declarations.delete(d.id),
    log: [
      {
        ...line(
          say('declarationWithdrawn', {
            name: isRefusal(who) ? say('someone') : who.name,
            text: d.text,
          }),
        ),
        characterId: d.characterId,
      },
    ],
  };
};
