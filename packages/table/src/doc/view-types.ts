import type { DeclarationStance, RulesetId } from '@fateboard/rules';
import type { Sheet, TableAspectKind } from '../commands/schemas';
import type { FateSummaryRow, LogEntry, ActorRef } from '../log/entry';
import type { CharacterRecord } from './character-store';
import type { BoardView, PrepBoardView } from './board-view-types';
import type { HelpRequestView, RollView } from './roll-view-types';
import type { GmFeed, PubFeed } from './roots';

// What readTable and readGm (views.ts) return: the documents as plain typed JSON. The roll
// and board views have their own modules; this one names them all.

export type {
  DefenceStatus,
  HelpAnswer,
  HelpRequestView,
  RollInvoke,
  RollModifier,
  RollSide,
  RollView,
} from './roll-view-types';
export type { BoardView, BorderView, PrepBoardView, TokenView, ZoneView } from './board-view-types';

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
