import * as v from 'valibot';
import { ACTION_CHOICES, DEFENDED_ACTIONS } from '@fateboard/rules';
import {
  Action,
  AspectAction,
  AspectRefSchema,
  AspectText,
  Id,
  Modifier,
  Reason,
  Roller,
  cmd,
  int,
} from '../fields';

/**
 * The roll commands: a roll and what it asks of the table (help, a defence), the invokes on
 * it and the outcome its roller applies.
 */

export const RollCommand = cmd('roll', {
  ...Roller,
  /** Optional with `aspectAction` (create-advantage) or `removes` (overcome). */
  action: v.optional(Action),
  /** edgerunner: a declaration, assessment or maneuver. */
  aspectAction: v.optional(AspectAction),
  /**
   * edgerunner declaration: the declaration the table voted on (`declaration.propose`); its
   * skill is the server's tally, supporters − opposers [ER-DECLARE-1] [ER-DECLARE-4].
   */
  declarationId: v.optional(Id),
  /** edgerunner: roll to remove this table aspect, against its persistence. */
  removes: v.optional(AspectRefSchema),
  /**
   * narrative: a healing action for this character's physical damage, an overcome against a
   * difficulty that is always rolled ("always a Complex action") [NAR-RECOVER-2].
   */
  heals: v.optional(Id),
  /** A recovery roll: an overcome against this consequence, its difficulty by the ruleset. */
  recovers: v.optional(v.strictObject({ characterId: Id, slotId: Id })),
  /** The GM's own bonuses or penalties; a player's roll adds only stunts and help. */
  modifiers: v.optional(v.pipe(v.array(Modifier), v.maxLength(6))),
  /** The roller's stunts used on this roll, +2 each [CORE-STUNT-1]. */
  stunts: v.optional(v.pipe(v.array(Id), v.maxLength(8))),
  /** Other characters helping with the same skill, +1 each [CORE-TEAMWORK-1]. */
  helpers: v.optional(v.pipe(v.array(Id), v.maxLength(8))),
  difficulty: v.optional(int(-4, 12)),
  opposition: v.optional(v.strictObject(Roller)),
  /**
   * The character this roll acts against, who rolls their own defence with `defend` (or
   * concedes): the roll awaits it. An attack outside a conflict starts one.
   */
  defender: v.optional(Id),
  /**
   * An attack on everyone in this zone [CORE-TARGET-1]: one attack, and each character whose
   * token stands there (not the roller, not one taken out) defends against it with `defend`.
   */
  zone: v.optional(Id),
  /**
   * A moving overcome toward this zone [CORE-MOVE-2]: the server sets the difficulty (one step
   * per zone crossed) and the roll, once it does not fail, is `board.move`'s `via`.
   */
  moveTo: v.optional(Id),
  reason: v.optional(Reason),
});
/**
 * A roller asks another character to help their next roll of `skillId` [CORE-TEAMWORK-1]; the
 * helper's player answers on their own screen. The roll that counts the help consumes it.
 */
export const HelpAskCommand = cmd('help.ask', { characterId: Id, helperId: Id, skillId: Id });
/** The helper's player (the GM for a character without one) says yes or no; again to change it. */
export const HelpAnswerCommand = cmd('help.answer', { requestId: Id, accept: v.boolean() });
/** The roller's player (or the GM) takes a request back. */
export const HelpWithdrawCommand = cmd('help.withdraw', { requestId: Id });
/** The defender's controller rolls the defence a roll awaits, with their own skill or aspect. */
export const DefendCommand = cmd('defend', {
  rollId: Id,
  skillId: v.optional(Id),
  aspectId: v.optional(Id),
  strategy: v.optional(v.picklist(['none', 'defensive', 'aggressive'])),
  creativity: v.optional(v.picklist([-1, 0, 1])),
  tool: v.optional(v.boolean()),
  /** The defender's stunts used on the defence, +2 each [CORE-STUNT-1]. */
  stunts: v.optional(v.pipe(v.array(Id), v.maxLength(8))),
});
export const InvokeCommand = cmd('invoke', {
  rollId: Id,
  ref: AspectRefSchema,
  free: v.boolean(),
  effect: v.picklist(['+2', 'reroll']),
  /** Which side of an opposed roll invokes; the acting side by default. */
  side: v.optional(v.picklist(['actor', 'opposition'])),
});
export const OutcomeApplyCommand = cmd('outcome.apply', {
  rollId: Id,
  /** create-advantage: a new aspect's text, or an existing aspect to gain free invokes on. */
  aspect: v.optional(
    v.union([v.strictObject({ text: AspectText, characterId: v.optional(Id) }), AspectRefSchema]),
  ),
  /** A boost's name where the outcome grants one. */
  boost: v.optional(AspectText),
  /** The player's pick where the rules leave one (e.g. `hit-minus-one-for-boost`). */
  choice: v.optional(v.picklist(ACTION_CHOICES)),
  /** defend: the action defended against, and whether it targeted someone else. */
  against: v.optional(v.picklist(DEFENDED_ACTIONS)),
  protecting: v.optional(v.picklist(['self', 'other'])),
  /** A recovery roll that succeeded: the recovering consequence's new name. */
  rename: v.optional(AspectText),
});
