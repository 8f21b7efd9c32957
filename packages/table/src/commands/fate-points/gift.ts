import { line, say } from '../../log/say';
import { controls, findCharacter } from '../access';
import type { Handler } from '../context';
import { isRefusal, refuse } from '../context';
import { economyOf, runEconomy, writeEconomy } from './points';
import { pubRoots } from '../../doc/schema';

// A fate point given from one character to another (`fate-point.give`).

export const fatePointGive: Handler<'fate-point.give'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const from = findCharacter(roots, command.fromCharacterId);
  if (isRefusal(from)) return from;
  const to = findCharacter(roots, command.toCharacterId);
  if (isRefusal(to)) return to;
  // Giving is the one thing a player does for another character: from their own only.
  if (!controls(actor, from)) {
    return refuse('forbidden', `You do not play "${from.name}".`);
  }
  const amount = command.amount ?? 1;
  const run = runEconomy(economyOf(roots), [
    { type: 'give', from: command.fromCharacterId, to: command.toCharacterId, amount },
  ]);
  if (isRefusal(run)) return run;
  return {
    pub: () => writeEconomy(roots, run.state),
    log: [
      {
        ...line(
          command.reason
            ? say('pointsGivenFor', {
                from: from.name,
                count: amount,
                to: to.name,
                reason: command.reason,
              })
            : say('pointsGiven', { from: from.name, count: amount, to: to.name }),
        ),
        characterId: command.fromCharacterId,
        movements: run.movements,
      },
    ],
  };
};
