import * as v from 'valibot';
import { userText } from './text';
import {
  Id,
  Name,
  AspectText,
  Reason,
  int,
  keyedRecord,
  Owner,
  AspectRefSchema,
  SheetSchema,
  SheetChangesSchema,
  TableAspectKind,
  cmd,
  Adjustment,
  JoinSecret,
  ClaimCode,
} from './fields';
import * as Countdowns from './countdowns/schemas';
import * as Board from './board/schemas';
import * as Handouts from './handouts/schemas';
import * as Rolls from './rolls/schemas';
import * as Harm from './harm/schemas';

export { AspectRefSchema, SheetChangesSchema, SheetSchema } from './fields';
export type { Action, Adjustment, AspectRef, Sheet, SheetChanges, TableAspectKind } from './fields';

/**
 * Every command a participant can send, as a valibot schema; the TypeScript types are inferred
 * from the schemas so the two cannot drift. Objects are strict and every field bounded, so a
 * command stays small; typed text goes through `userText` (./text.ts, via fields.ts).
 */
export const JoinCommand = cmd('join', {
  name: Name,
  secret: v.optional(JoinSecret),
  /** A restored table's seat to take back (SeatView.restored); a new seat without it. */
  seatId: v.optional(Id),
  /**
   * The seat's claim code from the GM's claim link: the server checks it (claims.ts) and
   * stores only its hash; the reducer learns only whether it held for this seat.
   */
  claim: v.optional(ClaimCode),
});
export const CharacterCreateCommand = cmd('character.create', {
  character: SheetSchema,
  npc: v.optional(v.boolean()),
});
export const CharacterClaimCommand = cmd('character.claim', { characterId: Id });
export const CharacterUpdateCommand = cmd('character.update', {
  characterId: Id,
  changes: SheetChangesSchema,
});
export const CharacterRemoveCommand = cmd('character.remove', { characterId: Id });
/** The GM removes a seat: its character stays, unclaimed; its seat tokens are revoked. */
export const SeatRemoveCommand = cmd('seat.remove', { seatId: Id });
export const SceneStartCommand = cmd('scene.start', {
  name: Name,
  characterIds: v.pipe(v.array(Id), v.maxLength(40)),
});
export const SceneEndCommand = cmd('scene.end', {});
export const SessionStartCommand = cmd('session.start', {});
export const ScenarioEndCommand = cmd('scenario.end', {});
export const MilestoneCommand = cmd('milestone.major', {});
export const AspectAddCommand = cmd('aspect.add', {
  kind: TableAspectKind,
  text: AspectText,
  characterId: v.optional(Id),
  freeInvokes: v.optional(int(0, 5)),
  owner: v.optional(Owner),
  /** A situation aspect's zone or border on the scene board (AspectView.place). */
  place: v.optional(Id),
});
export const AspectEditCommand = cmd('aspect.edit', {
  ref: AspectRefSchema,
  text: v.optional(AspectText),
  /** A table aspect moved to a zone or border, or (null) to the whole scene; the GM's. */
  place: v.optional(v.nullable(Id)),
});
export const AspectRemoveCommand = cmd('aspect.remove', { ref: AspectRefSchema });
export const SpotlightPushCommand = cmd('spotlight.push', { ref: AspectRefSchema });
export const SpotlightDismissCommand = cmd('spotlight.dismiss', {});
export const GmPrepareCommand = cmd('gm.prepare', {
  kind: TableAspectKind,
  text: AspectText,
  characterId: v.optional(Id),
  freeInvokes: v.optional(int(0, 5)),
  note: v.optional(userText('multiline', 2000, 'note')),
  /** The zone or border (public or prepared) the aspect stands on once revealed. */
  place: v.optional(Id),
});
export const GmNpcDraftCommand = cmd('gm.npc-draft', {
  character: SheetSchema,
  /** The NPC's token: the zone (public or prepared) it appears in when revealed. */
  zoneId: v.optional(Id),
});
export const GmRevealCommand = cmd('gm.reveal', { hiddenId: Id });
export const GmNoteCommand = cmd('gm.note', {
  noteId: v.optional(Id),
  /** Empty text deletes the note. */
  text: userText('multiline', 4000, 'note'),
});
/** edgerunner: the declarer puts a declaration to the table's vote [ER-DECLARE-4]. */
export const DeclarationProposeCommand = cmd('declaration.propose', {
  characterId: Id,
  text: AspectText,
  /** The character the aspect is for; the scene when absent. */
  targetId: v.optional(Id),
});
/** A voter's one vote on a declaration, on their own screen. */
export const DeclarationVoteCommand = cmd('declaration.vote', {
  declarationId: Id,
  stance: v.picklist(['support', 'oppose', 'abstain']),
});
/** The GM closes the vote: the votes not cast count as abstentions. */
export const DeclarationCloseCommand = cmd('declaration.close', { declarationId: Id });
/** The declarer (or the GM) takes the declaration back before it is rolled. */
export const DeclarationWithdrawCommand = cmd('declaration.withdraw', { declarationId: Id });
export const CompelOfferCommand = cmd('compel.offer', {
  characterId: Id,
  ref: v.optional(AspectRefSchema),
  text: AspectText,
  /** The offering character when a player compels another character. */
  fromCharacterId: v.optional(Id),
});
export const CompelAcceptCommand = cmd('compel.accept', { compelId: Id });
export const CompelRefuseCommand = cmd('compel.refuse', { compelId: Id });
/** Takes back an open compel undecided: no fate point moves. */
export const CompelWithdrawCommand = cmd('compel.withdraw', { compelId: Id });
export const FatePointGiveCommand = cmd('fate-point.give', {
  fromCharacterId: Id,
  toCharacterId: Id,
  amount: v.optional(int(1, 5)),
  reason: v.optional(Reason),
});
/** A conflict's turn order: the characters in it, first to act first. */
const TurnOrder = v.pipe(v.array(Id), v.minLength(1), v.maxLength(40));
export const ConflictStartCommand = cmd('conflict.start', {
  order: TurnOrder,
  /** Order by the ruleset's initiative (narrative: by aspect, or by aspect + 3dF). */
  initiative: v.optional(v.picklist(['aspect', 'roll'])),
  /** The rated aspect each character goes by (default: its highest). */
  aspects: v.optional(keyedRecord(Id, Id)),
  /** Characters who surprised the others go first. */
  surprise: v.optional(v.pipe(v.array(Id), v.maxLength(40))),
});
export const ConflictNextCommand = cmd('conflict.next', {});
/**
 * Ends the conflict. Where lost levels come back as it ends (narrative [NAR-RECOVER-1]),
 * `recovery` says for a character who lost some whether all come back (the default), half
 * (the situation remains) or none yet (physical damage waits for healing) [NAR-RECOVER-4].
 */
export const ConflictEndCommand = cmd('conflict.end', {
  recovery: v.optional(
    v.pipe(
      keyedRecord(Id, v.picklist(['all', 'half', 'none'])),
      v.check((r) => Object.keys(r).length <= 40, 'at most 40 characters'),
    ),
  ),
});
/** The GM reorders the turns: the same characters, in a new order. */
export const ConflictOrderCommand = cmd('conflict.order', {
  order: TurnOrder,
});
/** The GM adds a character to the running conflict's turn order (at its end)… */
export const ConflictJoinCommand = cmd('conflict.join', { characterId: Id });
/** …or takes one out of it, the turn kept on whoever acts next. */
export const ConflictLeaveCommand = cmd('conflict.leave', { characterId: Id });

export const FreeInvokePassCommand = cmd('free-invoke.pass', {
  ref: AspectRefSchema,
  toCharacterId: Id,
  count: v.optional(int(1, 9)),
});

export const GmAdjustCommand = cmd('gm.adjust', { adjust: Adjustment, reason: v.optional(Reason) });
/**
 * The GM's switch "spectators can read the chat" (on by default). The chat itself is not
 * document state (the server keeps it, docs/PROTOCOL.md "Chat"); the switch is, so that every
 * screen can show it.
 */
export const ChatSpectatorsCommand = cmd('chat.spectators', { on: v.boolean() });
/**
 * The GM's switch "the GM reads whispers between players" (off by default): a setting in the
 * public document, so that every player sees whether the GM reads their whispers.
 */
export const ChatWhispersCommand = cmd('chat.whispers', { gmReads: v.boolean() });

export const CommandSchema = v.variant('type', [
  JoinCommand,
  CharacterCreateCommand,
  CharacterClaimCommand,
  CharacterUpdateCommand,
  CharacterRemoveCommand,
  SeatRemoveCommand,
  SceneStartCommand,
  SceneEndCommand,
  SessionStartCommand,
  ScenarioEndCommand,
  MilestoneCommand,
  AspectAddCommand,
  AspectEditCommand,
  AspectRemoveCommand,
  SpotlightPushCommand,
  SpotlightDismissCommand,
  GmPrepareCommand,
  GmNpcDraftCommand,
  GmRevealCommand,
  GmNoteCommand,
  Rolls.RollCommand,
  Rolls.HelpAskCommand,
  Rolls.HelpAnswerCommand,
  Rolls.HelpWithdrawCommand,
  Rolls.DefendCommand,
  Rolls.InvokeCommand,
  Rolls.OutcomeApplyCommand,
  DeclarationProposeCommand,
  DeclarationVoteCommand,
  DeclarationCloseCommand,
  DeclarationWithdrawCommand,
  CompelOfferCommand,
  CompelAcceptCommand,
  CompelRefuseCommand,
  CompelWithdrawCommand,
  FatePointGiveCommand,
  FreeInvokePassCommand,
  Harm.AbsorbCommand,
  Harm.TakenOutCommand,
  Harm.ConcedeCommand,
  Harm.ConsequenceTakeCommand,
  Harm.ConsequenceRecoverCommand,
  Harm.ConsequenceClearCommand,
  Harm.ConsequenceHealCommand,
  ConflictStartCommand,
  ConflictNextCommand,
  ConflictEndCommand,
  ConflictOrderCommand,
  ConflictJoinCommand,
  ConflictLeaveCommand,
  GmAdjustCommand,
  ChatSpectatorsCommand,
  ChatWhispersCommand,
  Countdowns.CountdownAddCommand,
  Countdowns.CountdownTickCommand,
  Countdowns.CountdownEditCommand,
  Countdowns.CountdownRevealCommand,
  Countdowns.CountdownRemoveCommand,
  Board.ZoneAddCommand,
  Board.ZoneEditCommand,
  Board.ZoneRemoveCommand,
  Board.BorderAddCommand,
  Board.BorderRemoveCommand,
  Board.BoardMoveCommand,
  Board.BoardRevealCommand,
  Board.BoardMapCommand,
  Board.BoardOverlayCommand,
  Board.CharacterPortraitCommand,
  Handouts.HandoutPrepareCommand,
  Handouts.HandoutPushCommand,
  Handouts.HandoutClearCommand,
  Handouts.HandoutRemoveCommand,
]);

export type Command = v.InferOutput<typeof CommandSchema>;
export type CommandType = Command['type'];
/** The command of one type, e.g. `CommandOf<'roll'>`. */
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>;
