import type { Character, Ruleset } from '@fateboard/rules';
import { findCharacter } from '../access';
import { resolveAspect } from '../aspects/aspect-refs';
import type { Action, AspectRef, CommandOf } from '../schemas';
import type { Actor, Refusal, OrRefusal } from '../context';
import type { MovingOvercome } from '../board/moves';
import { movingOvercome } from '../board/moves';
import { isRefusal, refuse } from '../context';
import type { PubRoots } from '../../doc/schema';
import type { RollView } from '../../doc/views';
import { num } from '../../doc/ymap';
import { findDeclaration } from '../declarations/declarations';
import { rollRefusal, voteState } from '../declarations/vote';

/**
 * What a `roll` command asks for, checked against its fields before anything is rolled: the
 * action and its kind (aspect action, declaration, removal), the defender it awaits, the
 * patient it heals. Each answers a refusal for a combination the rules do not allow.
 */

/** What kind of roll a `roll` command asks for, checked against its fields. */
export interface RollKind {
  action: Action;
  aspectAction?: RollView['aspectAction'];
  /** The declaration rolled, as its vote ended, and its id (gone from the table once rolled). */
  declaration?: NonNullable<RollView['declaration']>;
  declarationId?: string;
  removes?: { ref: AspectRef; persistence: number; text: string };
  /** A moving overcome [CORE-MOVE-2]: the move, its difficulty and the zone's name. */
  moves?: MovingOvercome;
  /** An attack on everyone in this zone [CORE-TARGET-1]. */
  zone?: string;
}

export function rollKind(
  roots: PubRoots,
  command: CommandOf<'roll'>,
  actor: Actor,
): OrRefusal<RollKind> {
  const { aspectAction, declarationId, removes } = command;
  const alone = [
    command.moveTo !== undefined && 'moveTo',
    command.zone !== undefined && 'zone',
    command.defender !== undefined && 'defender',
    command.opposition !== undefined && 'opposition',
    command.difficulty !== undefined && 'difficulty',
    aspectAction !== undefined && 'aspectAction',
    removes !== undefined && 'removes',
    command.heals !== undefined && 'heals',
  ].filter((x): x is string => x !== false);
  if (command.moveTo !== undefined || command.zone !== undefined) {
    if (alone.length > 1) {
      return refuse('invalid', `A roll with "${alone[0]}" takes no "${alone[1]}".`);
    }
    if (command.zone !== undefined) {
      if (command.action !== 'attack')
        return refuse('invalid', 'A zone is attacked, not overcome.');
      return { action: 'attack', zone: command.zone };
    }
    if (command.action !== undefined && command.action !== 'overcome') {
      return refuse('invalid', 'Moving past an obstacle is an overcome.');
    }
    const moves = movingOvercome(roots, actor, command);
    return isRefusal(moves) ? moves : { action: 'overcome', moves };
  }
  if (declarationId !== undefined && aspectAction !== 'declaration') {
    return refuse('invalid', 'A declaration is rolled as a declaration.');
  }
  if (aspectAction !== undefined) {
    if (removes !== undefined) return refuse('invalid', 'A removal roll is not an aspect action.');
    if (command.action !== undefined && command.action !== 'create-advantage') {
      return refuse('invalid', `A ${aspectAction} creates an advantage.`);
    }
    if (aspectAction === 'declaration') {
      // A player action: the "skill" is the table's vote, counted here, not the character's nor
      // a number the client sends [ER-DECLARE-1] [ER-DECLARE-4].
      if (command.skillId !== undefined || command.aspectId !== undefined) {
        return refuse('invalid', 'A declaration uses no skill: its supporters make the skill.');
      }
      if (declarationId === undefined) {
        return refuse('invalid', 'Put the declaration to the table’s vote first.', {
          id: 'propose-first',
        });
      }
      const found = findDeclaration(roots, declarationId);
      if (isRefusal(found)) return found;
      const d = found.view;
      if (d.characterId !== command.characterId) {
        return refuse('invalid', 'That declaration is another character’s.');
      }
      const waiting = rollRefusal(d);
      if (waiting) return waiting;
      const { supporters, opposers } = voteState(d);
      return {
        action: 'create-advantage',
        aspectAction,
        declarationId,
        declaration: {
          supporters,
          opposers,
          text: d.text,
          ...(d.targetId === undefined ? {} : { targetId: d.targetId }),
        },
      };
    }
    return { action: 'create-advantage', aspectAction };
  }
  if (removes !== undefined) {
    if (command.action !== undefined && command.action !== 'overcome') {
      return refuse('invalid', 'Removing an aspect is an overcome.');
    }
    if (command.difficulty !== undefined || command.opposition !== undefined) {
      return refuse('invalid', 'A removal rolls against the aspect’s persistence, nothing else.');
    }
    const a = resolveAspect(roots, removes);
    if (isRefusal(a)) return a;
    if (a.where !== 'table') {
      return refuse('invalid', 'Only aspects placed in play are removed by a roll.');
    }
    // An aspect not created by a roll (the GM's) has no creation shifts: persistence 0.
    return {
      action: 'overcome',
      removes: { ref: removes, persistence: num(a.map, 'persistence'), text: a.text },
    };
  }
  if (command.action === undefined) return refuse('invalid', 'Name the action.');
  return { action: command.action };
}

/**
 * The character a roll awaits a defence from, checked: not the roller, not out of the scene,
 * and only for an attack, overcome or advantage rolled with no other opposition.
 */
export function defenderOf(
  roots: PubRoots,
  command: CommandOf<'roll'>,
  kind: RollKind,
  roller: Character,
): { id: string; character: Character } | Refusal | undefined {
  if (command.defender === undefined) return undefined;
  if (command.opposition || command.difficulty !== undefined) {
    return refuse(
      'invalid',
      'A defender rolls their own defence: give no opposition or difficulty.',
      { id: 'defender-rolls' },
    );
  }
  if (kind.action === 'defend' || kind.aspectAction !== undefined || kind.removes !== undefined) {
    return refuse('invalid', 'Only an attack, overcome or advantage awaits a defence.');
  }
  const found = findCharacter(roots, command.defender);
  if (isRefusal(found)) return found;
  if (found.character.id === roller.id)
    return refuse('invalid', 'Nobody defends against themselves.');
  if (found.character.takenOut) {
    return refuse('invalid', `${found.character.name} is out of the scene.`);
  }
  return { id: found.character.id, character: found.character };
}

/**
 * narrative's healing action [NAR-RECOVER-2]: the patient of a roll with `heals`, which must be
 * an overcome against a difficulty. Other games heal otherwise (fate-core's recovery rolls).
 */
export function healingTarget(
  roots: PubRoots,
  ruleset: Ruleset,
  command: CommandOf<'roll'>,
  action: Action,
  defended: boolean,
): Character | Refusal | undefined {
  if (command.heals === undefined) return undefined;
  if (ruleset.id !== 'narrative') {
    return refuse('invalid', 'Only narrative heals physical damage with a healing action.');
  }
  if (action !== 'overcome' || command.opposition || defended || command.difficulty === undefined) {
    return refuse('invalid', 'Healing is an overcome against a difficulty.');
  }
  const patient = findCharacter(roots, command.heals);
  return isRefusal(patient) ? patient : patient.character;
}
