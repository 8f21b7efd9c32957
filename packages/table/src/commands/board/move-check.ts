import type { MoveRule, MovementRoll, RulesetId, ZoneGraph } from '@fateboard/rules';
import { moveRule, rulesetById } from '@fateboard/rules';
import { controls } from '../access';
import type { Actor, Refusal } from '../context';
import { isRefusal, refuse } from '../context';
import type { PubRoots } from '../../doc/schema';
import { readBoard } from '../../doc/board';
import { readAspect } from '../../doc/views';
import type { AspectView, BoardView, ConflictView, SceneView } from '../../doc/view-types';
import type { YMap } from '../../doc/ymap';
import { bool, num, str } from '../../doc/ymap';
import { BOARD_LIMITS } from './schemas';

// Who may move a character's token (`mayMoveToken`) and what a move asks for by the rules
// (`moveCheck`, the one answer the reducer, the server and the client use). `board.move`
// itself is in moves.ts.

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
export function placeable(
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
