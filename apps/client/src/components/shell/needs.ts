import type { Actor, CharacterView, TableView } from '@fateboard/table';
import { isController, voteRefusal } from '@fateboard/table';
import { shiftsWords } from '../../lib/game-words';
import { i18n, params } from '../../lib/i18n';

export const messages = i18n('lib/needs', {
  hit: params('{name} is hit: {shifts} to absorb.'),
  takeHit: 'Take the hit',
  compel: params('Compel on {name}: “{text}”'),
  answer: 'Answer',
  aRoll: 'a roll',
  defend: params('{defender} must defend against {attacker}: roll the defence.'),
  defendAction: 'Defend',
  show: 'Show',
  anAspect: 'an aspect',
  moreInvokes: params('You have {invokes} more on “{aspect}”.'),
  help: params('{roller} asks {helper} to help: answer it.'),
  seatsWait: params(
    'Restored table: {names} not back yet. Send each their claim link from Who is here.',
  ),
  vote: params('{name} declares “{text}”: your vote.'),
  voteAction: 'Vote',
});

/**
 * What a person is needed for, as pure functions of the table's view: a hit to absorb, a
 * defence to roll, a compel to answer (open needs, until answered) and a fate point or free
 * invoke someone gave them (notices, until seen: notices.ts; turn-harm-notices.ts adds their
 * turn and harm put on their character). Only the person concerned is told: the player of the
 * character, the GM for NPCs. `Attention` (attention.svelte.ts) turns them into toasts.
 */

/** The phone tabs of the table view. */
export type PhoneTab = 'scene' | 'board' | 'characters' | 'dice' | 'log' | 'chat' | 'gm';

export type NeedKind =
  | 'hit'
  | 'compel'
  | 'defence'
  | 'help'
  | 'vote'
  | 'seats-wait'
  | 'fate-point'
  | 'free-invoke'
  | 'turn'
  | 'harm';

export interface Need {
  /** Stable while the need lasts: one toast per key. */
  key: string;
  kind: NeedKind;
  tab: PhoneTab;
  text: string;
  /** The toast button's label. */
  action: string;
  /** Where the control is: CSS selectors, the first that matches wins. */
  focus: string[];
}

export interface Me {
  role: 'gm' | 'player' | 'spectator';
  seatId: string | null;
}

/** The person as the table's rules name who acts. */
function actorOf(me: Me): Actor {
  return { role: me.role, ...(me.seatId ? { seatId: me.seatId } : {}) };
}

/** Whether `me` answers for the character: its player, or the GM for NPCs and unclaimed ones. */
export function answersFor(me: Me, c: CharacterView): boolean {
  return isController(actorOf(me), c);
}

/** A CSS attribute value in quotes, whatever the text holds. */
export function cssString(text: string): string {
  return `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;
}

export type NeedRule = (view: TableView, me: Me) => Need[];

/** A hit the outcome left on a roll, for whoever answers for its target. */
export const hitsToAbsorb: NeedRule = (view, me) =>
  view.rolls.flatMap((roll) => {
    const target = roll.hit && view.characters.find((c) => c.id === roll.hit?.characterId);
    if (!roll.hit || !target || !answersFor(me, target)) return [];
    return [
      {
        key: `hit:${roll.id}`,
        kind: 'hit',
        tab: 'dice',
        text: messages.get().hit({ name: target.name, shifts: shiftsWords.get()(roll.hit.shifts) }),
        action: messages.get().takeHit,
        focus: [
          `[data-testid="absorb-panel"][aria-label$=${cssString(` on ${target.name}`)}]`,
          '[data-testid="absorb-panel"]',
        ],
      },
    ];
  });

/** An open compel, for whoever decides it (the GM decides a player's self-compel). */
export const compelsToAnswer: NeedRule = (view, me) =>
  view.compels.flatMap((compel) => {
    const target = view.characters.find((c) => c.id === compel.characterId);
    if (!target || (compel.self ? me.role !== 'gm' : !answersFor(me, target))) return [];
    return [
      {
        key: `compel:${compel.id}`,
        kind: 'compel',
        tab: 'scene',
        text: messages.get().compel({ name: target.name, text: compel.text }),
        action: messages.get().answer,
        focus: [`[aria-labelledby=${cssString(`compel-${compel.id}`)}]`],
      },
    ];
  });

/**
 * A roll against a character that awaits its defence, for whoever answers for the defender.
 * The GM may also roll for an absent player (DefencePrompt offers it), but is not toasted for
 * it: the player is the one being waited on.
 */
export const defencesToRoll: NeedRule = (view, me) =>
  view.rolls.flatMap((roll) => {
    const d = roll.defence;
    const defender =
      d?.status === 'awaiting' && view.characters.find((c) => c.id === d.characterId);
    if (!defender || !answersFor(me, defender)) return [];
    const attacker = view.characters.find((c) => c.id === roll.actor.characterId)?.name;
    return [
      {
        key: `defence:${roll.id}`,
        kind: 'defence',
        tab: 'dice',
        text: messages.get().defend({
          defender: defender.name,
          attacker: attacker ?? messages.get().aRoll,
        }),
        action: messages.get().defendAction,
        focus: [
          `[data-testid="defence"][aria-label=${cssString(`${defender.name}'s defence`)}]`,
          '[data-testid="defence"]',
        ],
      },
    ];
  });

/**
 * A request for help that waits on its helper's answer, for whoever answers for the helper
 * (help-prompts.ts says the same for the prompt itself).
 */
export const helpToAnswer: NeedRule = (view, me) =>
  view.help.flatMap((request) => {
    const helper = view.characters.find((c) => c.id === request.helperId);
    const roller = view.characters.find((c) => c.id === request.rollerId);
    if (request.answer !== 'waiting' || !helper || !roller || !answersFor(me, helper)) return [];
    return [
      {
        key: `help:${request.id}`,
        kind: 'help',
        tab: 'dice',
        text: messages.get().help({ roller: roller.name, helper: helper.name }),
        action: messages.get().answer,
        focus: [`[data-testid="help-prompt"][data-request=${cssString(request.id)}] button`],
      },
    ];
  });

/**
 * An edgerunner declaration the person may vote on [ER-DECLARE-4] (the table's voteRefusal,
 * as the server decides): the prompt is in the scene's column.
 */
export const votesToCast: NeedRule = (view, me) =>
  view.declarations.flatMap((d) => {
    if (voteRefusal(actorOf(me), d)) return [];
    const name = view.characters.find((c) => c.id === d.characterId)?.name ?? '?';
    return [
      {
        key: `vote:${d.id}`,
        kind: 'vote',
        tab: 'scene',
        text: messages.get().vote({ name, text: d.text }),
        action: messages.get().voteAction,
        // The vote's buttons, not the card's first control (its words' explanation).
        focus: [
          `[data-testid="declaration"][data-declaration=${cssString(d.id)}] [data-testid="declaration-vote"]`,
        ],
      },
    ];
  });

/**
 * The GM of a restored table whose seats wait for their players: each comes back only through
 * the claim link the GM sends them (Presence.svelte shows them). One need, as long as any waits.
 */
export const seatsToHandOut: NeedRule = (view, me) => {
  const waiting = view.seats.filter((s) => s.restored);
  if (me.role !== 'gm' || waiting.length === 0) return [];
  return [
    {
      key: `seats-wait:${waiting.map((s) => s.id).join(',')}`,
      kind: 'seats-wait',
      tab: 'log',
      text: messages.get().seatsWait({ names: waiting.map((s) => s.name).join(', ') }),
      action: messages.get().show,
      focus: ['[data-testid="seat-claim"] button', '[data-testid="presence"]'],
    },
  ];
};

/** Everything that waits on someone: each rule a function of the view returning its needs. */
export const OPEN_NEEDS: NeedRule[] = [
  hitsToAbsorb,
  defencesToRoll,
  compelsToAnswer,
  helpToAnswer,
  votesToCast,
  seatsToHandOut,
];

export function openNeeds(
  view: TableView,
  me: Me,
  rules: readonly NeedRule[] = OPEN_NEEDS,
): Need[] {
  return rules.flatMap((rule) => rule(view, me));
}
