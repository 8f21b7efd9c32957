import type { Outcome } from '@fateboard/rules';
import type { Action } from '../commands/schemas';
import type { ActorRef } from '../log/entry';

// The roll views of readTable (views.ts): a roll, its sides and invokes, and help requests.

/** A fixed bonus on a side: a stunt's, a helper's, narrative's modifiers or the GM's. */
export interface RollModifier {
  label: string;
  value: number;
  /** Given by one of the side's stunts (its name) or a helping character (their name). */
  kind?: 'stunt' | 'help';
}

export interface RollSide {
  characterId: string;
  skillId?: string;
  aspectId?: string;
  /** The skill's (or rated aspect's) rating. */
  rating: number;
  modifiers: RollModifier[];
  faces: number[];
  /** +2 per invoke. */
  bonus: number;
  total: number;
  /** The total on the ladder, e.g. `Good (+3)`. */
  label: string;
}

export interface RollInvoke {
  /** `actor` or `opposition` (the opposing character's roll, or raising a difficulty). */
  side: 'actor' | 'opposition';
  /** The aspect's key: its id on the table, or `characterId/aspectId` on a sheet. */
  aspectKey: string;
  aspectText: string;
  free: boolean;
  effect: '+2' | 'reroll';
  by: ActorRef;
}

export interface RollView {
  id: string;
  at: number;
  by: ActorRef;
  action: Action;
  reason?: string;
  actor: RollSide;
  difficulty?: number;
  /** +2 per invoke raising the difficulty. */
  difficultyBonus?: number;
  opposition?: RollSide;
  invokes: RollInvoke[];
  outcome: Outcome;
  shifts: number;
  /** The outcome's effects (advantage, boost) were applied. */
  applied: boolean;
  /** edgerunner: a declaration, assessment or maneuver [ER-DECLARE-2]. */
  aspectAction?: 'declaration' | 'assessment' | 'maneuver';
  /**
   * edgerunner: the players supporting and opposing a declaration [ER-DECLARE-1], as the vote
   * closed [ER-DECLARE-4], with its words and target (a character, or the scene when absent).
   */
  declaration?: { supporters: number; opposers: number; text?: string; targetId?: string };
  /** edgerunner: the table aspect this roll tries to remove, against its persistence. */
  removes?: { aspectId: string; characterId?: string };
  /**
   * A recovery roll: the overcome against a consequence that starts its recovery
   * [FC-RECOVER-1..3] [PIR-RECOVER-1..2]; `text` is the consequence's name when rolled.
   */
  recovers?: { characterId: string; slotId: string; text: string; treatingSelf: boolean };
  /** narrative: a simple action, not rolled [NAR-SIMPLE-1]. */
  simple?: boolean;
  /** narrative: a healing action for this character's physical damage [NAR-RECOVER-2]… */
  heals?: string;
  /** …set once the recovery it allowed was made: a healing heals once. */
  healed?: boolean;
  /**
   * A moving overcome [CORE-MOVE-2]: the character, the zone it was rolled from and the one it
   * heads for, the borders with aspects on the way (their aspects are its opposition), and
   * `used` once a `board.move` with this roll as `via` made the move [CORE-MOVE-3].
   */
  moves?: { characterId: string; from: string; to: string; hindered: string[]; used?: boolean };
  /**
   * One defender's copy of an attack on everyone in a zone [CORE-TARGET-1]: every copy carries
   * the same attack (the same dice, the same invokes on it) and its own defence; `group` is the
   * id they share, `zoneId` the zone attacked, `stunt` the name of the stunt that allowed it
   * [CORE-TARGET-2] as it stood when rolled (a roll card names it; older rolls lack it).
   */
  zoneAttack?: { group: string; zoneId: string; stunt?: string };
  /** A hit the applied outcome left for a character to absorb (narrative damage included). */
  hit?: { characterId: string; shifts: number };
  /**
   * The defender who rolls their own defence: `awaiting` it (no opposition side yet, the
   * outcome undecided), `rolled`, or `conceded` instead (the roll is then over).
   */
  defence?: { characterId: string; status: DefenceStatus };
}

export type DefenceStatus = 'awaiting' | 'rolled' | 'conceded';

/**
 * A roller's request for another character's help on their next roll of a skill
 * [CORE-TEAMWORK-1], open until that roll consumes it, the asker withdraws it, or the scene
 * ends. The helper's player answers it on their own screen (`help.answer`).
 */
export interface HelpRequestView {
  id: string;
  /** The character whose roll is helped, and the skill asked for. */
  rollerId: string;
  skillId: string;
  /** The character asked to help. */
  helperId: string;
  /** Who asked: the roller's player, or the GM. */
  askedBy: ActorRef;
  answer: HelpAnswer;
  at: number;
}

export type HelpAnswer = 'waiting' | 'accepted' | 'declined';
