import { line, say } from '../../log/say';
import { passFreeInvoke } from '@fateboard/rules';
import { findCharacter } from '../access';
import { resolveAspect, setFreeInvokes } from './aspect-refs';
import type { Handler } from '../context';
import { tableCode } from '../../protocol/refusal-codes';
import { isRefusal, ownerOf, refuse } from '../context';
import { aspectKey, invokeOwnerOf } from './invoke';
import { pubRoots } from '../../doc/schema';
import { freeInvokesSaid } from '../../log/words';

/**
 * Passing free invokes: their holder (a seat, or the GM) hands some to another character's
 * player (or to the GM for an NPC) [CORE-INVOKE-3].
 */
export const freeInvokePass: Handler<'free-invoke.pass'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const aspect = resolveAspect(roots, command.ref);
  if (isRefusal(aspect)) return aspect;
  const to = findCharacter(roots, command.toCharacterId);
  if (isRefusal(to)) return to;
  if (!to.character.npc && to.character.owner === undefined) {
    return refuse('invalid', `${to.character.name} has no player to hold a free invoke.`);
  }
  const from = ownerOf(actor);
  const toOwner = invokeOwnerOf(to.character);
  const count = command.count ?? 1;
  const passed = passFreeInvoke(
    { id: aspectKey(command.ref), text: aspect.text, freeInvokes: aspect.freeInvokes },
    from,
    toOwner,
    count,
  );
  if (!passed.ok) {
    return refuse(
      tableCode(passed.code, 'invalid'),
      passed.code === 'pass-to-self'
        ? `${to.character.name}'s player already holds them.`
        : passed.message,
    );
  }
  const after = passed.value.freeInvokes;
  return {
    pub: () => {
      setFreeInvokes(aspect, from, after[from] ?? 0);
      setFreeInvokes(aspect, toOwner, after[toOwner] ?? 0);
    },
    log: [
      {
        ...line(
          say('invokesPassed', {
            invokes: freeInvokesSaid(count),
            aspect: aspect.text,
            name: to.character.name,
          }),
        ),
        characterId: to.character.id,
      },
    ],
  };
};
