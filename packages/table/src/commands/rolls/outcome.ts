import { line, say } from '../../log/say';
import type { ActionEffect, ActionRequest } from '@fateboard/rules';
import { controls, findCharacter } from '../access';
import { resolveAspect, setFreeInvokes } from '../aspects/aspect-refs';
import type { ResolvedAspect } from '../aspects/aspect-refs';
import { addTableAspect, removeTableAspect } from '../aspects/aspects';
import type { NewAspect } from '../aspects/aspects';
import type { Handler } from '../context';
import { isRefusal, refuse } from '../context';
import { decidedRoll } from './defence';
import { invokeOwnerOf } from '../aspects/invoke';
import { resolveRoll, writeRoll } from './stored-rolls';
import { pubRoots } from '../../doc/schema';
import { recoveryOutcome } from '../harm/recovery';
import type { RollView } from '../../doc/views';
import { deedSaid, effectSaid, outcomeSaid, shiftsSaid } from '../../log/words';

/**
 * Applies what a roll's outcome grants in the table's game (the ruleset's `resolveAction`): a
 * new aspect with free invokes (edgerunner: bought by shifts, with its persistence), free
 * invokes on an existing one, a boost, an aspect removed (edgerunner), and the hit or narrative
 * damage the loser then absorbs with `absorb`. Goals and costs are the table's to narrate.
 */
export const outcomeApply: Handler<'outcome.apply'> = (ctx) => {
  const recovery = recoveryOutcome(ctx);
  if (recovery) return recovery;
  const { docs, actor, command, newId, now } = ctx;
  const roots = pubRoots(docs.pub);
  const found = decidedRoll(roots, command.rollId);
  if (isRefusal(found)) return found;
  const { ruleset, roll } = found;
  const roller = findCharacter(roots, roll.actor.characterId);
  if (isRefusal(roller)) return roller;
  if (!controls(actor, roller.character)) {
    return refuse('forbidden', `You do not play "${roller.character.name}".`);
  }
  let opposingOwner = 'gm';
  let opposingId: string | undefined;
  if (roll.opposition) {
    const opp = findCharacter(roots, roll.opposition.characterId);
    if (isRefusal(opp)) return opp;
    opposingOwner = invokeOwnerOf(opp.character);
    opposingId = opp.character.id;
  }
  let existing: ResolvedAspect | undefined;
  let newText: string | undefined;
  let placeOn: string | undefined = opposingId;
  const extra: Partial<ActionRequest> = {};
  if (roll.action === 'create-advantage') {
    // A tie on a new aspect grants a boost instead [CORE-CAA-2]: its name alone (`boost`)
    // is enough, as is the aspect's (`aspect.text`, which then names the boost).
    if (!command.aspect && !command.boost)
      return refuse('invalid', 'Name the new aspect, or pick an existing one.');
    if (!command.aspect) {
      extra.target = 'new-aspect';
    } else if ('text' in command.aspect) {
      newText = command.aspect.text;
      // A declaration's aspect goes where the table voted it, unless the roller says where.
      const onId = command.aspect.characterId ?? roll.declaration?.targetId;
      if (onId !== undefined) {
        const on = findCharacter(roots, onId);
        if (isRefusal(on)) return on;
        placeOn = on.character.id;
      }
      extra.target = 'new-aspect';
    } else {
      const a = resolveAspect(roots, command.aspect);
      if (isRefusal(a)) return a;
      existing = a;
      extra.target = 'existing-aspect';
    }
  }
  if (roll.action === 'defend') {
    extra.against = command.against ?? 'attack';
    if (command.protecting !== undefined) extra.protecting = command.protecting;
  }
  if (command.choice) extra.choice = command.choice;
  const decided = resolveRoll(ruleset, roll, extra);
  if (!decided.ok) return refuse('rules', decided.message);
  const effects: ActionEffect[] = decided.value.effects;
  const owner = invokeOwnerOf(roller.character);
  const news: NewAspect[] = [];
  let invokesOnExisting = 0;
  let hit: RollView['hit'];
  for (const e of effects) {
    if (e.type === 'boost') {
      const name = command.boost ?? (roll.action === 'create-advantage' ? newText : undefined);
      if (name === undefined) return refuse('invalid', 'This outcome grants a boost: name it.');
      news.push({
        id: newId(),
        kind: 'boost',
        text: name,
        owner,
        freeInvokes: 1,
        at: now,
      });
    } else if (e.type === 'create-aspect') {
      if (newText === undefined) return refuse('invalid', 'Name the new aspect.');
      news.push({
        id: newId(),
        // Placed on the named or opposing character, else on the scene.
        kind: placeOn === undefined ? 'situation' : 'character',
        text: newText,
        ...(placeOn === undefined ? {} : { characterId: placeOn }),
        owner: e.for === 'actor' ? owner : opposingOwner,
        freeInvokes: e.freeInvokes,
        at: now,
        ...(decided.value.persistence === undefined
          ? {}
          : { persistence: decided.value.persistence }),
      });
    } else if (e.type === 'free-invokes') {
      invokesOnExisting += e.count;
    } else if (e.type === 'hit' && opposingId !== undefined && e.shifts > 0) {
      hit = { characterId: opposingId, shifts: e.shifts };
    }
  }
  // Narrative: the loser of the exchange takes the degree as damage [NAR-DAMAGE-1].
  const damage = decided.value.damage;
  if (damage && damage.levels > 0) {
    const loser = damage.to === 'actor' ? roll.actor.characterId : roll.opposition?.characterId;
    if (loser !== undefined) hit = { characterId: loser, shifts: damage.levels };
  }
  for (const a of news)
    if (roots.aspects.has(a.id)) return refuse('invalid', 'Aspect id collision; try again.');
  const removed =
    decided.value.removesAspect === true && roll.removes !== undefined
      ? resolveAspect(roots, roll.removes)
      : undefined;
  const target = existing;
  const said = [
    ...effects.map(effectSaid),
    ...(decided.value.persistence === undefined
      ? []
      : [say('effectPersistence', { value: decided.value.persistence })]),
    ...(removed && !isRefusal(removed) ? [say('effectAspectRemoved', { text: removed.text })] : []),
    ...(hit ? [say('effectToAbsorb', { shifts: shiftsSaid(hit.shifts) })] : []),
  ];
  const deed = deedSaid(
    roll.aspectAction ?? (roll.removes ? 'removal' : roll.action),
    roll.outcome,
  );
  return {
    pub: () => {
      for (const a of news) addTableAspect(roots, a);
      if (target && invokesOnExisting > 0) {
        setFreeInvokes(target, owner, (target.freeInvokes[owner] ?? 0) + invokesOnExisting);
      }
      if (removed && !isRefusal(removed) && removed.where === 'table') {
        removeTableAspect(roots, removed.id);
      }
      writeRoll(found.map, { ...roll, applied: true, ...(hit ? { hit } : {}) });
    },
    log: [
      {
        // The rule ids behind the decision stay in the rules' answer (and RULES.md): in the
        // table's log they would read as noise to the players.
        ...line(
          say('outcomeApplied', {
            name: roller.character.name,
            deed,
            outcome: outcomeSaid(roll.outcome),
            effects: said,
          }),
        ),
        characterId: roller.character.id,
        rollId: roll.id,
      },
    ],
    result: news[0] ? { aspectId: news[0].id, rollId: roll.id } : { rollId: roll.id },
  };
};
