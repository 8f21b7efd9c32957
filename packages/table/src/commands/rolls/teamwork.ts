import type { Character } from '@fateboard/rules';
import { teamworkBonuses } from '@fateboard/rules';
import type { Actor } from '../context';
import type { HelpRequestView } from '../../doc/view-types';

/**
 * Who may help whom on a roll [CORE-TEAMWORK-1], in one place: the reducer checks a roll's
 * helpers and a help request with it, and the dice tray lists the helpers it offers with it.
 *
 * A helper is on the roller's side: never the roller, nor a character the roll is against
 * (its target or its opposition). The rules say who can help at all (Average or better in
 * the skill, not taken out, only a roll of a skill). And a character helps only when whoever
 * plays it says so: the GM rolling adds anyone's help (the GM's NPCs included), while a
 * player's roll counts another character's help only once that character's player (the GM
 * for an unclaimed one) accepted a request for it, and never an NPC's, which help the GM.
 */

/** Why a character cannot help this roll at all, whatever anyone answers. */
export type HelpBar = 'self' | 'opposing' | 'npc' | 'no-skill' | 'taken-out' | 'unskilled';

export type HelpStanding =
  /** Counts on the roll: the actor plays the helper (the GM), or its player accepted. */
  | { kind: 'counts'; requestId?: string }
  /** Could help, once its player accepts: no request for this roller and skill yet. */
  | { kind: 'ask' }
  | { kind: 'waiting'; requestId: string }
  | { kind: 'declined'; requestId: string }
  | { kind: 'barred'; bar: HelpBar };

export interface HelpQuestion {
  /** Who rolls (or asks): the roller's controller. */
  actor: Actor;
  roller: Character;
  helper: Character;
  skillId: string | undefined;
  /** The characters the roll is against: its defender, or its opposition. */
  against: readonly string[];
  /** The table's open help requests. */
  requests: readonly HelpRequestView[];
}

const RULE_BARS: Record<string, HelpBar> = {
  'help-needs-skill': 'no-skill',
  'helper-out': 'taken-out',
  'helper-unskilled': 'unskilled',
  'help-self': 'self',
  'help-opposing': 'opposing',
};

/** Where `helper` stands on `roller`'s roll of `skillId` for `actor`. */
export function helpStanding(q: HelpQuestion): HelpStanding {
  const { actor, roller, helper } = q;
  if (helper.id === roller.id) return { kind: 'barred', bar: 'self' };
  // The rules' own check (below) too; first here, so that a foe is told so before anything else.
  if (q.against.includes(helper.id)) return { kind: 'barred', bar: 'opposing' };
  // A player link cannot count the whole cast, foes included, into its own total.
  if (actor.role !== 'gm' && helper.npc) return { kind: 'barred', bar: 'npc' };
  const rules = teamworkBonuses(roller, q.skillId, [helper], q.against);
  if (!rules.ok) return { kind: 'barred', bar: RULE_BARS[rules.code] ?? 'unskilled' };
  const request = requestFor(q.requests, roller.id, helper.id);
  const asked = request !== undefined && request.skillId === q.skillId ? request : undefined;
  // The GM plays every character the table has no player for, and adds anyone's help.
  if (actor.role === 'gm')
    return asked ? { kind: 'counts', requestId: asked.id } : { kind: 'counts' };
  if (!asked) return { kind: 'ask' };
  switch (asked.answer) {
    case 'accepted':
      return { kind: 'counts', requestId: asked.id };
    case 'waiting':
      return { kind: 'waiting', requestId: asked.id };
    case 'declined':
      return { kind: 'declined', requestId: asked.id };
  }
}

/** The open request of `rollerId` to `helperId` (at most one: asking again replaces it). */
export function requestFor(
  requests: readonly HelpRequestView[],
  rollerId: string,
  helperId: string,
): HelpRequestView | undefined {
  return requests.find((r) => r.rollerId === rollerId && r.helperId === helperId);
}

/** The sentence a roll or a request is refused with when a helper stands outside. */
export function helpRefusal(helper: Character, standing: HelpStanding): string | undefined {
  switch (standing.kind) {
    case 'counts':
      return undefined;
    case 'ask':
      return `${helper.name} helps once their player agrees: ask them first.`;
    case 'waiting':
      return `${helper.name}'s player has not answered yet.`;
    case 'declined':
      return `${helper.name}'s player declined to help.`;
    case 'barred':
      return barSaid(helper, standing.bar);
  }
}

function barSaid(helper: Character, bar: HelpBar): string {
  switch (bar) {
    case 'self':
      return `${helper.name} cannot help their own roll.`;
    case 'opposing':
      return `${helper.name} is on the other side of this roll and cannot help it.`;
    case 'npc':
      return `${helper.name} is the GM's to lend: NPCs help the GM's rolls.`;
    case 'no-skill':
      return 'Only a roll of a skill can be helped.';
    case 'taken-out':
      return `${helper.name} was taken out and cannot help.`;
    case 'unskilled':
      return `${helper.name} needs at least Average (+1) in that skill to help.`;
  }
}
