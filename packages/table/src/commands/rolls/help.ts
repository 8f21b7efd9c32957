import { actorRef, controls, findCharacter, findControlled, tableRuleset } from '../access';
import type { Handler } from '../context';
import { isRefusal, refuse } from '../context';
import { pubRoots } from '../../doc/schema';
import type { PubRoots } from '../../doc/schema';
import { dropHelpRequests, readHelpRequests, writeHelpRequest } from '../../doc/help-requests';
import { peek, put, str } from '../../doc/ymap';
import { helpRefusal, helpStanding, requestFor } from './teamwork';

/**
 * Asking for help on a roll, and answering [CORE-TEAMWORK-1]: a request waits in the public
 * document, where the helper's player sees it and answers, and the roller sees the answer
 * before rolling. Who may help whom is `helpStanding` (teamwork.ts). Requests write no log
 * line: the roll that counts the help says who helped.
 */

/**
 * Open requests a table holds at most: every player character may ask each of the others, a
 * few at a time, and the document stays small whoever keeps asking.
 */
export const MAX_HELP_REQUESTS = 40;

export const helpAsk: Handler<'help.ask'> = (ctx) => {
  const { docs, actor, command, newId, now } = ctx;
  const roots = pubRoots(docs.pub);
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const roller = findControlled(roots, actor, command.characterId);
  if (isRefusal(roller)) return roller;
  const helper = findCharacter(roots, command.helperId);
  if (isRefusal(helper)) return helper;
  if (ruleset.skills && !ruleset.skills.some((s) => s.id === command.skillId)) {
    return refuse('invalid', `${ruleset.name} has no skill "${command.skillId}".`, {
      id: 'no-skill',
      params: { ruleset: ruleset.name },
    });
  }
  const requests = readHelpRequests(roots.help);
  const standing = helpStanding({
    actor,
    roller: roller.character,
    helper: helper.character,
    skillId: command.skillId,
    against: [],
    requests,
  });
  if (standing.kind === 'barred') {
    return refuse('rules', helpRefusal(helper.character, standing) ?? 'That help is not possible.');
  }
  const before = requestFor(requests, roller.character.id, helper.character.id);
  if (before && before.skillId === command.skillId && before.answer !== 'declined') {
    return refuse('invalid', `${helper.character.name} was already asked to help with that.`);
  }
  if (!before && requests.length >= MAX_HELP_REQUESTS) {
    return refuse(
      'invalid',
      `The table already has ${MAX_HELP_REQUESTS} open requests for help; roll or withdraw some.`,
    );
  }
  const id = newId();
  return {
    pub: () => {
      // One request per roller and helper: asking again (after a no, or for another skill)
      // replaces it, so the helper's screen shows the new question.
      if (before) roots.help.delete(before.id);
      writeHelpRequest(roots.help, {
        id,
        rollerId: roller.character.id,
        skillId: command.skillId,
        helperId: helper.character.id,
        askedBy: actorRef(ctx),
        answer: 'waiting',
        at: now,
      });
    },
    result: { requestId: id },
  };
};

export const helpAnswer: Handler<'help.answer'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const found = openRequest(roots, command.requestId);
  if (isRefusal(found)) return found;
  const helper = findCharacter(roots, str(found, 'helperId'));
  if (isRefusal(helper)) return helper;
  if (!controls(actor, helper)) {
    return refuse('forbidden', `Only ${helper.name}'s player answers for ${helper.name}.`);
  }
  return { pub: () => put(found, 'answer', command.accept ? 'accepted' : 'declined') };
};

export const helpWithdraw: Handler<'help.withdraw'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const found = openRequest(roots, command.requestId);
  if (isRefusal(found)) return found;
  const roller = findCharacter(roots, str(found, 'rollerId'));
  if (actor.role !== 'gm' && (isRefusal(roller) || !controls(actor, roller))) {
    return refuse('forbidden', "Only the roller's player takes a request for help back.");
  }
  return { pub: () => roots.help.delete(command.requestId) };
};

function openRequest(roots: PubRoots, id: string) {
  return (
    peek(roots.help, id) ??
    refuse('not-found', 'That request for help is no longer open.', { id: 'no-help-request' })
  );
}

/** The requests a roll of `rollerId` ends: asked for this roll, used or not. */
export function endRequestsOf(roots: PubRoots, rollerId: string): void {
  dropHelpRequests(roots.help, (q) => q.rollerId === rollerId);
}

/** Requests naming a character who leaves the table (or whose player does). */
export function dropRequestsNaming(roots: PubRoots, characterId: string): void {
  dropHelpRequests(roots.help, (q) => q.rollerId === characterId || q.helperId === characterId);
}
