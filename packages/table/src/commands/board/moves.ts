import { moveAllowedBy, rulesetById } from '@fateboard/rules';
import { line, say } from '../../log/say';
import { findCharacter, gmOnly } from '../access';
import type { Actor, Handler, Plan, Refusal } from '../context';
import { isRefusal, refuse } from '../context';
import type { PubRoots } from '../../doc/schema';
import { gmRoots, pubRoots } from '../../doc/schema';
import type { RollView } from '../../doc/view-types';
import type { YMap } from '../../doc/ymap';
import { bool, put } from '../../doc/ymap';
import { undecided } from '../rolls/defence';
import { findRoll } from '../rolls/stored-rolls';
import { boardState, findZone } from './places';
import { moveCheck, moveFacts, needsOvercome, placeable } from './move-check';

// `board.move` itself, and a moving overcome's roll; what a move needs is move-check.ts.

/** Writes a token's move; a character not yet in the scene joins it (the GM's move). */
function moveToken(roots: PubRoots, characterId: string, zoneId: string): void {
  roots.tokens.set(characterId, zoneId);
  const present = (roots.scene.get('present') as string[] | undefined) ?? [];
  if (!present.includes(characterId)) put(roots.scene, 'present', [...present, characterId]);
}

/** The roll a `via` names, checked to allow this move [CORE-MOVE-3]. */
function movingRoll(
  roots: PubRoots,
  rollId: string,
  characterId: string,
  from: string | undefined,
  to: string,
): { map: YMap; roll: RollView; moves: NonNullable<RollView['moves']> } | Refusal {
  const found = findRoll(roots, rollId);
  if (isRefusal(found)) return found;
  const { roll } = found;
  const moves = roll.moves;
  if (!moves || moves.characterId !== characterId || moves.to !== to || moves.from !== from) {
    return refuse('invalid', 'That roll was not this move’s overcome.', { id: 'not-this-move' });
  }
  if (moves.used === true) {
    return refuse('invalid', 'That roll already made its move.', { id: 'move-roll-used' });
  }
  const open = undecided(roll);
  if (open) return open;
  if (!moveAllowedBy(roll.outcome)) {
    return refuse('move-roll-failed', 'The overcome failed: the way stays barred.', {
      id: 'move-roll-failed',
    });
  }
  return { map: found.map, roll, moves };
}

export const boardMove: Handler<'board.move'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  if (!roots.characters.has(command.characterId)) return preparedMove(docs, actor, command);
  const found = findCharacter(roots, command.characterId);
  if (isRefusal(found)) return found;
  const character = {
    id: command.characterId,
    name: found.name,
    owner: found.owner,
    takenOut: bool(found.map, 'takenOut'),
  };
  const facts = moveFacts(roots);
  const zone = facts.board.zones.find((z) => z.id === command.zoneId);
  const log = (id: 'movedTo' | 'movedWaved') => [
    {
      ...line(say(id, { name: character.name, zone: zone?.name ?? command.zoneId })),
      characterId: character.id,
    },
  ];
  if (command.override === true) {
    const denied = gmOnly(actor, 'wave a move through');
    if (denied) return denied;
    const base = placeable(facts, actor, character, command.zoneId);
    if (isRefusal(base)) return base;
    return { pub: () => moveToken(roots, character.id, command.zoneId), log: log('movedWaved') };
  }
  if (command.via !== undefined) {
    const base = placeable(facts, actor, character, command.zoneId);
    if (isRefusal(base)) return base;
    const rolled = movingRoll(roots, command.via, character.id, base.from, command.zoneId);
    if (isRefusal(rolled)) return rolled;
    return {
      pub: () => {
        moveToken(roots, character.id, command.zoneId);
        put(rolled.map, 'moves', { ...rolled.moves, used: true });
      },
      log: log('movedTo'),
    };
  }
  const check = moveCheck(facts, actor, character, command.zoneId);
  switch (check.kind) {
    case 'refused':
      return check.refusal;
    case 'overcome':
      return needsOvercome(check);
    case 'free': {
      // The free move of a conflict's turn is spent [CORE-MOVE-1]; a first placement is not it.
      const spends = facts.conflict.active && check.from !== undefined;
      const { round, turn } = facts.conflict;
      const plan: Plan = {
        pub: () => {
          moveToken(roots, character.id, command.zoneId);
          if (spends) put(roots.conflict, 'freeMove', { characterId: character.id, round, turn });
        },
        log: log('movedTo'),
      };
      return plan;
    }
    default:
      return check satisfies never;
  }
};

/**
 * The GM moves a prepared NPC's token: the draft's zone in the GM document, public or
 * prepared, logged nowhere.
 */
function preparedMove(
  docs: Parameters<Handler<'board.move'>>[0]['docs'],
  actor: Actor,
  command: { characterId: string; zoneId: string },
): Plan | Refusal {
  const g = gmRoots(docs.gm);
  const draft = g.hidden.get(command.characterId) as YMap | undefined;
  if (actor.role !== 'gm' || draft === undefined || draft.get('kind') !== 'npc') {
    return refuse('not-found', `No character "${command.characterId}" at this table.`, {
      id: 'no-character',
    });
  }
  const zone = findZone(boardState(docs), command.zoneId);
  if (isRefusal(zone)) return zone;
  return { gm: () => put(draft, 'zoneId', command.zoneId) };
}

/** A `roll` with `moveTo`, checked: the move it is for, its difficulty, the zone's name. */
export interface MovingOvercome {
  moves: NonNullable<RollView['moves']>;
  difficulty: number;
  zoneName: string;
}

/**
 * Checks a moving overcome [CORE-MOVE-2]: the move must need one (a free move is just made),
 * and the roll uses the game's movement skill, or in `narrative` a rated aspect.
 */
export function movingOvercome(
  roots: PubRoots,
  actor: Actor,
  command: { characterId: string; moveTo?: string; skillId?: string; aspectId?: string },
): MovingOvercome | Refusal {
  const found = findCharacter(roots, command.characterId);
  if (isRefusal(found)) return found;
  const to = command.moveTo ?? '';
  const facts = moveFacts(roots);
  const check = moveCheck(
    facts,
    actor,
    {
      id: command.characterId,
      name: found.name,
      owner: found.owner,
      takenOut: bool(found.map, 'takenOut'),
    },
    to,
  );
  if (check.kind === 'refused') return check.refusal;
  if (check.kind === 'free') {
    return refuse('invalid', `${found.name} needs no roll to move there: just move.`);
  }
  const movement = check.roll;
  if ('skillId' in movement) {
    if (command.skillId !== movement.skillId || command.aspectId !== undefined) {
      const name = rulesetById(facts.ruleset)?.skills?.find((s) => s.id === movement.skillId)?.name;
      return refuse('invalid', `Moving past an obstacle rolls ${name ?? movement.skillId}.`);
    }
  } else if (command.aspectId === undefined || command.skillId !== undefined) {
    return refuse(
      'invalid',
      'Moving past an obstacle rolls a rated aspect (Body, or the one that fits).',
    );
  }
  return {
    moves: {
      characterId: command.characterId,
      from: check.from,
      to,
      hindered: check.hindered.map((h) => h.borderId),
    },
    difficulty: check.difficulty,
    zoneName: facts.board.zones.find((z) => z.id === to)?.name ?? to,
  };
}
