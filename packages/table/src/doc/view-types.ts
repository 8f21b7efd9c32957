import type { DeclarationStance, Outcome, RulesetId } from '@fateboard/rules';
import type { Action, Sheet, TableAspectKind } from '../commands/schemas';
import type { FateSummaryRow, LogEntry, ActorRef } from '../log/entry';
import type { CharacterRecord } from './character-store';
import type { GmFeed, PubFeed } from './roots';

// What readTable and readGm (views.ts) return: the documents as plain typed JSON.

export interface SeatView {
  id: string;
  name: string;
  characterId?: string;
  /**
   * The seat came with a restored table file and no one holds it yet: no token for it exists
   * on this server, and its player takes it back with the player link and the claim the GM
   * hands them (`join` with its `seatId` and `claim`).
   */
  restored?: boolean;
}

export type CharacterView = CharacterRecord;

export interface AspectView {
  id: string;
  kind: TableAspectKind;
  text: string;
  /** The character the aspect is placed on, for kind `character` (and boosts held by one). */
  characterId?: string;
  at: number;
  /** Free invokes by owner (seat id or `gm`). */
  freeInvokes: Record<string, number>;
  /** edgerunner: the shifts it was created with, which a removal roll must meet [ER-REMOVE-1]. */
  persistence?: number;
  /**
   * Where on the scene board a situation aspect stands: a zone's id or a border's id (see
   * `placeOf`); absent for an aspect of the whole scene.
   */
  place?: string;
}

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

export interface CompelView {
  id: string;
  characterId: string;
  text: string;
  aspectText?: string;
  offeredBy: ActorRef;
  /** The character paying when a player compels another character. */
  fromCharacterId?: string;
  /** A player's compel on their own character: only the GM decides it. */
  self: boolean;
  at: number;
}

/**
 * edgerunner: a declaration the table votes on [ER-DECLARE-4]: the declarer's words for an
 * aspect and its target, who may vote and how each did. Open until every voter has voted or
 * the GM closes it; then its declarer rolls it (and it is gone), or withdraws it.
 */
export interface DeclarationView {
  id: string;
  /** The declaring character: the roll is this character's. */
  characterId: string;
  /** Who declares: the character's controller, a seat id or `gm`. */
  declarer: string;
  text: string;
  /** The character the aspect is for; the scene when absent. */
  targetId?: string;
  /** Who votes: the GM (`gm`) and every seat but the declarer's, as the table was. */
  voters: string[];
  votes: Record<string, DeclarationStance>;
  /** The GM closed the vote before everyone voted. */
  closed: boolean;
  at: number;
}

export interface ConflictView {
  active: boolean;
  order: string[];
  turn: number;
  round: number;
  /**
   * The free move of the turn, once taken [CORE-MOVE-1]: who took it, in which round and turn.
   * It counts only while `round` and `turn` are still the conflict's.
   */
  freeMove?: { characterId: string; round: number; turn: number };
}

export interface SceneView {
  active: boolean;
  name: string;
  startedAt?: number;
  present: string[];
  /** The scene's map image behind the board, by content hash (`ImageHash`); ends with it. */
  map?: string;
}

/**
 * A zone of the scene board: a rectangle of whole grid cells, `x` and `y` its top-left cell,
 * `w` and `h` its size, all within BOARD_LIMITS' columns and rows; zones never overlap.
 */
export interface ZoneView {
  id: string;
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  at: number;
}

/** A border: zones `a` and `b` touch, so a token may cross from one to the other. */
export interface BorderView {
  id: string;
  a: string;
  b: string;
  at: number;
}

/** Where a character stands on the board. */
export interface TokenView {
  characterId: string;
  zoneId: string;
}

/**
 * The scene board everyone sees: its zones, the borders between them and where each token
 * stands (a character present in the scene with no token is not placed yet). The aspects
 * of zones and borders are table aspects with a `place` (TableView.aspects).
 */
export interface BoardView {
  zones: ZoneView[];
  borders: BorderView[];
  tokens: TokenView[];
}

/**
 * The GM's prepared board: zones and borders not revealed yet (a prepared border may join a
 * prepared zone to a public one). Prepared tokens are NPC drafts with a `zoneId`, prepared
 * zone aspects hidden aspects with a `place` (GmView.hidden).
 */
export interface PrepBoardView {
  zones: ZoneView[];
  borders: BorderView[];
}

/**
 * A handout: a picture (its hash, images/images.ts) under a title. Prepared ones are in
 * GmView; the one every screen shows is TableView's `handout`, `at` the time it was pushed.
 */
export interface HandoutView {
  id: string;
  image: string;
  title: string;
  at: number;
}

export interface SpotlightView {
  aspectId: string;
  characterId?: string;
  text: string;
  at: number;
}

/**
 * A countdown track: `filled` of `boxes` ticked; when full, `trigger` happens and it
 * stays full until the GM resets or removes it. Public ones are in TableView, hidden ones only
 * in GmView.
 */
export interface CountdownView {
  id: string;
  name: string;
  boxes: number;
  filled: number;
  trigger: string;
  /** Ticks by itself when a conflict's exchange advances. */
  perExchange: boolean;
  at: number;
}

export interface TableView {
  schemaVersion: number;
  id: string;
  name: string;
  ruleset: RulesetId;
  gmPool: number;
  spotlight: SpotlightView | null;
  /** The handout the GM pushed to every screen, if any. */
  handout: HandoutView | null;
  /** Whether spectators may read the table chat (the GM's switch, `chat.spectators`). */
  spectatorChat: boolean;
  /** Whether the GM reads whispers between players (the GM's switch, `chat.whispers`). */
  gmReadsWhispers: boolean;
  /** The stream overlay shows the scene board: the GM's choice (`board.overlay`). */
  boardOnOverlay: boolean;
  seats: SeatView[];
  characters: CharacterView[];
  aspects: AspectView[];
  scene: SceneView;
  compels: CompelView[];
  /** The open requests for help on a roll, oldest first. */
  help: HelpRequestView[];
  conflict: ConflictView;
  rolls: RollView[];
  log: LogEntry[];
  /**
   * This session's fate point movements per character (the whole table's when no session
   * was started), sorted by character id: the `fp` map plus the log rows since the newest
   * `session.start`.
   */
  fateSummary: FateSummaryRow[];
  /** The public countdowns, oldest first. */
  countdowns: CountdownView[];
  /** edgerunner: the declarations being voted on or waiting for their roll, oldest first. */
  declarations: DeclarationView[];
  /** The scene board: zones, borders, tokens. */
  board: BoardView;
}

export interface HiddenView {
  id: string;
  kind: 'aspect' | 'npc';
  aspectKind?: TableAspectKind;
  text: string;
  characterId?: string;
  freeInvokes: number;
  note?: string;
  sheet?: Sheet;
  /** A prepared aspect's zone or border (public or prepared), as AspectView.place. */
  place?: string;
  /** A prepared NPC's token: the zone (public or prepared) it appears in when revealed. */
  zoneId?: string;
  at: number;
}

export interface NoteView {
  id: string;
  text: string;
  at: number;
}

export interface GmView {
  schemaVersion: number;
  hidden: HiddenView[];
  notes: NoteView[];
  /** The hidden countdowns, oldest first. */
  countdowns: CountdownView[];
  /** The prepared board: zones and borders revealed by `board.reveal`. */
  board: PrepBoardView;
  /** The prepared handouts, oldest first. */
  handouts: HandoutView[];
}

// The root registry (roots.ts) names exactly the fields of the views: a field no root feeds
// would never be refreshed on the client, a misspelt one would be refreshed to nothing.
const _pubFeeds: [PubFeed] extends [keyof TableView]
  ? [keyof TableView] extends [PubFeed]
    ? true
    : false
  : false = true;
const _gmFeeds: [GmFeed] extends [keyof GmView]
  ? [keyof GmView] extends [GmFeed]
    ? true
    : false
  : false = true;
