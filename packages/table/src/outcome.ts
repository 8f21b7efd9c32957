import type { ActionEffect, ActionSpec } from '@fateboard/rules';
import { actionEffect } from '@fateboard/rules';
import { controls, findCharacter } from './access';
import { resolveAspect, setFreeInvokes } from './aspect-refs';
import type { ResolvedAspect } from './aspect-refs';
import { addTableAspect } from './aspects';
import type { NewAspect } from './aspects';
import type { Handler } from './context';
import { refuse } from './context';
import { invokeOwnerOf } from './invoke';
import { findRoll, writeRoll } from './rolls';
import { pubRoots } from './schema';

/**
 * Applies what a roll's outcome grants, as the rules' action table says: a new aspect with
 * free invokes, free invokes on an existing one, a boost. Hits are absorbed by the defender
 * with `absorb`; goals and costs are the table's to narrate, so they are only logged.
 */
export const outcomeApply: Handler<'outcome.apply'> = ({ docs, actor, command, newId, now }) => {
  const r = pubRoots(docs.pub);
  const found = findRoll(r, command.rollId);
  if ('ok' in found) return found;
  const { roll } = found;
  if (roll.applied) return refuse('invalid', 'That roll’s outcome was already applied.');
  const roller = findCharacter(r, roll.actor.characterId);
  if ('ok' in roller) return roller;
  if (!controls(actor, roller.character)) {
    return refuse('forbidden', `You do not play "${roller.character.name}".`);
  }
  let opposingOwner = 'gm';
  let opposingId: string | undefined;
  if (roll.opposition) {
    const opp = findCharacter(r, roll.opposition.characterId);
    if ('ok' in opp) return opp;
    opposingOwner = invokeOwnerOf(opp.character);
    opposingId = opp.character.id;
  }
  let existing: ResolvedAspect | undefined;
  let newText: string | undefined;
  let spec: ActionSpec;
  switch (roll.action) {
    case 'create-advantage': {
      if (!command.aspect)
        return refuse('invalid', 'Name the new aspect, or pick an existing one.');
      if ('text' in command.aspect) {
        newText = command.aspect.text;
        spec = { action: 'create-advantage', target: 'new-aspect' };
      } else {
        const a = resolveAspect(r, command.aspect);
        if ('ok' in a) return a;
        existing = a;
        spec = { action: 'create-advantage', target: 'existing-aspect' };
      }
      break;
    }
    case 'defend':
      spec = {
        action: 'defend',
        against: command.against ?? 'attack',
        ...(command.protecting === undefined ? {} : { protecting: command.protecting }),
      };
      break;
    case 'overcome':
    case 'attack':
      spec = { action: roll.action };
      break;
  }
  const decided = actionEffect(
    spec,
    { outcome: roll.outcome, shifts: roll.shifts },
    command.choice ? { choice: command.choice } : {},
  );
  if (!decided.ok) return refuse('rules', decided.message);
  const effects: ActionEffect[] = decided.value.effects;
  const owner = invokeOwnerOf(roller.character);
  const news: NewAspect[] = [];
  let invokesOnExisting = 0;
  for (const e of effects) {
    if (e.type === 'boost') {
      if (!command.boost) return refuse('invalid', 'This outcome grants a boost: name it.');
      news.push({
        id: newId(),
        kind: 'boost',
        text: command.boost,
        owner,
        freeInvokes: 1,
        at: now,
      });
    } else if (e.type === 'create-aspect') {
      if (newText === undefined) return refuse('invalid', 'Name the new aspect.');
      news.push({
        id: newId(),
        // Placed on the opposing character when there was one, else on the scene.
        kind: opposingId === undefined ? 'situation' : 'character',
        text: newText,
        ...(opposingId === undefined ? {} : { characterId: opposingId }),
        owner: e.for === 'actor' ? owner : opposingOwner,
        freeInvokes: e.freeInvokes,
        at: now,
      });
    } else if (e.type === 'free-invokes') {
      invokesOnExisting += e.count;
    }
  }
  for (const a of news)
    if (r.aspects.has(a.id)) return refuse('invalid', 'Aspect id collision; try again.');
  const target = existing;
  const summary = effects
    .map((e) =>
      e.type === 'hit'
        ? `a hit of ${e.shifts}`
        : e.type === 'cost'
          ? `a ${e.severity} cost`
          : e.type,
    )
    .join(', ');
  return {
    pub: () => {
      for (const a of news) addTableAspect(r, a);
      if (target && invokesOnExisting > 0) {
        setFreeInvokes(target, owner, (target.freeInvokes[owner] ?? 0) + invokesOnExisting);
      }
      writeRoll(found.map, { ...roll, applied: true });
    },
    log: [
      {
        text: `${roller.character.name}'s ${roll.action} (${roll.outcome}): ${summary}.`,
        characterId: roller.character.id,
        rollId: roll.id,
      },
    ],
    result: news[0] ? { aspectId: news[0].id, rollId: roll.id } : { rollId: roll.id },
  };
};
