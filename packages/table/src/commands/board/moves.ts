import type { MoveRule, MovementRoll, RulesetId, ZoneGraph } from '@fateboard/rules';
import { moveAllowedBy, moveRule, rulesetById } from '@fateboard/rules';
import { line, say } from '../../log/say';
import { controls, findCharacter, gmOnly } from '../access';
import type { Actor, Handler, Plan, Refusal } from '../context';
import { isRefusal, refuse } from '../context';
import type { PubRoots } from '../../doc/schema';
import { gmRoots, pubRoots } from '../../doc/schema';
import { readBoard } from '../../doc/board';
import { readAspect } from '../../doc/views';
import type {
  AspectView,
  BoardView,
  ConflictView,
  RollView,
  SceneView,
} from '../../doc/view-types';
import type { YMap } from '../../doc/ymap';
import { bool, num, put, str } from '../../doc/ymap';
import { undecided } from '../rolls/defence';
import { findRoll } from '../rolls/stored-rolls';
import { boardState, findZone } from './places';
import { BOARD_LIMITS } from './schemas';

/**
 * Tokens on the scene board: who may move which token (`mayMoveToken`), what a move asks
 * for by the rules (`moveCheck`, the one answer the reducer, the server and the client use),
 * and `board.move` itself.
 */

/** What a move is checked against: a TableView has all of it, and so do the documents. */
export interface MoveFacts {
  ruleset: RulesetId;
  board: BoardView;
  aspects: readonly Pick<AspectView, 'id' | 'text' | 'place'>[];
  conflict: ConflictView;
  scene: Pick<SceneView, 'active' | 'present'>;
}

/** The character whose token moves, as any view of it has it. */
export interface MovingCharacter {
  id: string;
  name: string;
  owner?: string | undefined;
  takenOut?: boolean;
}

/** A border aspects stand on, on the way, with those aspects (the move's opposition). */
export interface HinderingBorder {
  borderId: string;
  aspects: { id: string; text: string }[];
}

/**
 * What a move needs, by the rules [CORE-MOVE-1..2]:
 * - `free`: just send `board.move` (`from` absent: the token is placed for the first time);
 * - `overcome`: roll it (`roll` with `moveTo`, using `roll`'s skill or rated aspect; the
 *   server sets `difficulty`), then `board.move` with the roll as `via`; `hindered` lists the
 *   borders whose aspects stand against the mover, to invoke against the roll;
 * - `refused`: the refusal `board.move` would answer (the GM may still wave most through).
 */
export type MoveCheck =
  | { kind: 'free'; from?: string; to: string; distance: number }
  | {
      kind: 'overcome';
      from: string;
      to: string;
      distance: number;
      difficulty: number;
      why: Extract<MoveRule, { kind: 'overcome' }>['why'];
      hindered: HinderingBorder[];
      roll: MovementRoll;
    }
  | { kind: 'refused'; refusal: Refusal };

/** Who may move a character's token: the GM anyone's, a player their own character's. */
export function mayMoveToken(actor: Actor, character: { owner?: string | undefined }): boolean {
  return controls(actor, character);
}

/** Whether the free move is at hand [CORE-MOVE-1]: outside a conflict, or on one's own turn once. */
export function freeMoveAtHand(conflict: ConflictView, characterId: string): boolean {
  if (!conflict.active) return true;
  if (conflict.order[conflict.turn] !== characterId) return false;
  const taken = conflict.freeMove;
  return !(
    taken !== undefined &&
    taken.characterId === characterId &&
    taken.round === conflict.round &&
    taken.turn === conflict.turn
  );
}

/** The board as the rules' zone graph, each border with the aspects standing on it. */
export function zoneGraph(facts: Pick<MoveFacts, 'board' | 'aspects'>): ZoneGraph {
  return {
    zones: facts.board.zones.map((z) => z.id),
    borders: facts.board.borders.map((b) => ({
      id: b.id,
      a: b.a,
      b: b.b,
      aspects: facts.aspects.filter((a) => a.place === b.id).length,
    })),
  };
}

/**
 * Checks what every move shares, override or not: the mover's right, the zone, the scene, and
 * a token's first placement. Answers the token's current zone (undefined: not placed yet).
 */
function placeable(
  facts: MoveFacts,
  actor: Actor,
  character: MovingCharacter,
  zoneId: string,
): { from: string | undefined } | Refusal {
  if (!mayMoveToken(actor, character)) {
    return refuse('forbidden', `You do not play "${character.name}".`);
  }
  if (!facts.board.zones.some((z) => z.id === zoneId)) {
    return refuse('not-found', `No zone "${zoneId}" on the board.`, { id: 'no-zone' });
  }
  if (!facts.scene.active) {
    return refuse('no-scene', 'Tokens stand on the board while a scene runs: start one first.');
  }
  if (!facts.scene.present.includes(character.id) && actor.role !== 'gm') {
    return refuse('not-in-scene', `${character.name} is not in this scene: ask the GM.`, {
      id: 'not-in-scene',
      params: { name: character.name },
    });
  }
  const from = facts.board.tokens.find((t) => t.characterId === character.id)?.zoneId;
  if (from === zoneId) {
    return refuse('invalid', `${character.name} is already there.`, { id: 'same-zone' });
  }
  if (from === undefined && facts.board.tokens.length >= BOARD_LIMITS.tokens) {
    return refuse('invalid', `A board holds at most ${BOARD_LIMITS.tokens} tokens.`, {
      id: 'board-full',
      params: { limit: BOARD_LIMITS.tokens },
    });
  }
  return { from };
}

/** What moving `character` to `zoneId` needs, for `actor` (see MoveCheck). */
export function moveCheck(
  facts: MoveFacts,
  actor: Actor,
  character: MovingCharacter,
  zoneId: string,
): MoveCheck {
  const base = placeable(facts, actor, character, zoneId);
  if (isRefusal(base)) return { kind: 'refused', refusal: base };
  const { from } = base;
  if (character.takenOut === true) {
    return {
      kind: 'refused',
      refusal: refuse('invalid', `${character.name} was taken out.`, {
        id: 'already-out',
        params: { name: character.name },
      }),
    };
  }
  // Entering the board: a token's first place is where the scene finds it.
  if (from === undefined) return { kind: 'free', to: zoneId, distance: 0 };
  const graph = zoneGraph(facts);
  const rule = moveRule(graph, from, zoneId, freeMoveAtHand(facts.conflict, character.id));
  switch (rule.kind) {
    case 'free':
      return { kind: 'free', from, to: zoneId, distance: rule.path.distance };
    case 'same-zone':
      return {
        kind: 'refused',
        refusal: refuse('invalid', `${character.name} is already there.`, { id: 'same-zone' }),
      };
    case 'unreachable':
      return {
        kind: 'refused',
        refusal: refuse('unreachable', 'No border leads there: only the GM can place a token so.', {
          id: 'unreachable',
        }),
      };
    case 'overcome': {
      const ruleset = rulesetById(facts.ruleset);
      return {
        kind: 'overcome',
        from,
        to: zoneId,
        distance: rule.path.distance,
        difficulty: rule.difficulty,
        why: rule.why,
        hindered: rule.path.hindered.map((borderId) => ({
          borderId,
          aspects: facts.aspects
            .filter((a) => a.place === borderId)
            .map((a) => ({ id: a.id, text: a.text })),
        })),
        roll: ruleset?.movement ?? { skillId: 'athletics' },
      };
    }
    default:
      return rule satisfies never;
  }
}

/** The refusal of a move that needs an overcome, carrying what to roll. */
export function needsOvercome(check: Extract<MoveCheck, { kind: 'overcome' }>): Refusal {
  const roll = 'skillId' in check.roll ? check.roll.skillId : check.roll.aspectId;
  return refuse(
    'move-needs-overcome',
    `That move needs an overcome against ${check.difficulty}: roll it with "moveTo", then move with the roll as "via".`,
    {
      id: 'move-needs-overcome',
      params: { difficulty: check.difficulty, distance: check.distance, roll },
    },
  );
}

/** MoveFacts read from the public document (what the reducer checks a move against). */
export function moveFacts(roots: PubRoots): MoveFacts {
  const aspects: AspectView[] = [];
  roots.aspects.forEach((m) => aspects.push(readAspect(m as YMap)));
  const freeMove = roots.conflict.get('freeMove') as ConflictView['freeMove'];
  return {
    ruleset: str(roots.meta, 'ruleset') as RulesetId,
    board: readBoard(roots),
    aspects,
    conflict: {
      active: bool(roots.conflict, 'active'),
      order: [...((roots.conflict.get('order') as string[] | undefined) ?? [])],
      turn: num(roots.conflict, 'turn'),
      round: num(roots.conflict, 'round'),
      ...(freeMove === undefined ? {} : { freeMove }),
    },
    scene: {
      active: bool(roots.scene, 'active'),
      present: [...((roots.scene.get('present') as string[] | undefined) ?? [])],
    },
  };
}

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
