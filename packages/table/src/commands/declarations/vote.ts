import type { DeclarationTally } from '@fateboard/rules';
import { declarationTally } from '@fateboard/rules';
import type { Actor, Refusal } from '../context';
import { refuse } from '../context';
import type { DeclarationView } from '../../doc/view-types';

/**
 * Who votes on an edgerunner declaration, and when it may be rolled [ER-DECLARE-4], as pure
 * functions of the declaration: the reducer refuses with them, the screens ask them before
 * they show a prompt or enable the roll, so a voter is offered exactly the vote the table takes.
 */

/** A person at the table as a voter: `gm`, or a player's seat id. */
export function voterKey(actor: Actor): string | undefined {
  if (actor.role === 'gm') return 'gm';
  return actor.role === 'player' ? actor.seatId : undefined;
}

/**
 * Who votes on a declaration by `declarer`: the referee and every seated player, but not the
 * one declaring ("every supporting player"; the text's Selena, the referee, seconds Lydia's).
 * No NPC votes: NPCs are not players [ER-DECLARE-1].
 */
export function declarationVoters(seatIds: readonly string[], declarer: string): string[] {
  return ['gm', ...seatIds].filter((key) => key !== declarer);
}

/** The votes so far, counted, and whom the roll still waits for. */
export interface VoteState extends DeclarationTally {
  /** Voters who have not voted yet (none once the GM closed the vote: they abstain). */
  waiting: string[];
  /** The vote is open: someone may still vote, and the roll waits. */
  open: boolean;
}

export function voteState(d: DeclarationView): VoteState {
  const waiting = d.closed ? [] : d.voters.filter((v) => d.votes[v] === undefined);
  const cast = d.voters.flatMap((v) => (d.votes[v] === undefined ? [] : [d.votes[v]]));
  return { ...declarationTally(cast), waiting, open: waiting.length > 0 };
}

/** Why `actor` may not vote on `d` now, or undefined when they may. */
export function voteRefusal(actor: Actor, d: DeclarationView): Refusal | undefined {
  const key = voterKey(actor);
  if (key === undefined) return refuse('forbidden', 'Only the players and the GM vote.');
  if (key === d.declarer) {
    return refuse('forbidden', 'You made this declaration: the others vote on it.', {
      id: 'own-declaration',
    });
  }
  if (!d.voters.includes(key)) {
    return refuse('forbidden', 'You joined after this declaration was put to the vote.', {
      id: 'not-a-voter',
    });
  }
  if (d.votes[key] !== undefined) {
    return refuse('invalid', 'You have already voted on this declaration.', {
      id: 'already-voted',
    });
  }
  if (!voteState(d).open) {
    return refuse('invalid', 'The vote on this declaration is closed.', { id: 'vote-closed' });
  }
  return undefined;
}

/** Why the declaration may not be rolled yet, or undefined when it may (the vote is over). */
export function rollRefusal(d: DeclarationView): Refusal | undefined {
  const { waiting, open } = voteState(d);
  if (!open) return undefined;
  return refuse(
    'invalid',
    `The table is still voting on this declaration (${waiting.length} to vote); the GM may close the vote.`,
    { id: 'vote-open', params: { count: waiting.length } },
  );
}

/** The declarer takes her declaration back; the GM any (a seat gone, a question moot). */
export function withdraws(actor: Actor, d: DeclarationView): boolean {
  return actor.role === 'gm' || voterKey(actor) === d.declarer;
}
