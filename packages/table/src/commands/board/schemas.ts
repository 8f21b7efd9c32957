import * as v from 'valibot';
import { Id, Name, cmd, int } from '../fields';

/**
 * The scene board's commands: zones and borders (the GM's), tokens (`board.move`: a player
 * moves their own character, the GM anyone), the prepared board's reveal and the scene's map.
 * Every number is a whole grid cell within BOARD_LIMITS, so a command can never place
 * anything off the board.
 */

/** How big the board is and how much it holds: commands and checkTable enforce these. */
export const BOARD_LIMITS = {
  /** Grid cells across and down. */
  columns: 48,
  rows: 32,
  /** Zones of one board, public and prepared together (all of them may be revealed). */
  zones: 40,
  /** Borders, public and prepared together. */
  borders: 120,
  /** Tokens on the board: characters placed in a zone. */
  tokens: 60,
  /** Situation aspects standing on one zone or one border (public and prepared each). */
  aspectsPerPlace: 6,
} as const;

/**
 * An image by content hash, as the image store names it: SHA-256 of its bytes in 64
 * lowercase hex digits. Only hashes travel in the documents, never the images.
 */
export const ImageHash = v.pipe(
  v.string(),
  v.regex(/^[0-9a-f]{64}$/, 'is not an image hash (64 lowercase hex digits)'),
);

/** A column, a row, a width, a height: whole cells on the board. */
const Column = int(0, BOARD_LIMITS.columns - 1);
const Row = int(0, BOARD_LIMITS.rows - 1);
const Width = int(1, BOARD_LIMITS.columns);
const Height = int(1, BOARD_LIMITS.rows);

/** The GM adds a zone; `hidden` prepares it in the GM document until `board.reveal`. */
export const ZoneAddCommand = cmd('zone.add', {
  name: Name,
  x: Column,
  y: Row,
  w: Width,
  h: Height,
  hidden: v.optional(v.boolean()),
});
/** Renames, moves or resizes a zone (public or prepared); what is not given stays. */
export const ZoneEditCommand = cmd('zone.edit', {
  zoneId: Id,
  name: v.optional(Name),
  x: v.optional(Column),
  y: v.optional(Row),
  w: v.optional(Width),
  h: v.optional(Height),
});
/**
 * Removes a zone: its borders go with it, its tokens leave the board (not placed), and the
 * aspects standing on it or on its borders stay as aspects of the whole scene (logged), so no
 * free invoke anyone holds is lost.
 */
export const ZoneRemoveCommand = cmd('zone.remove', { zoneId: Id });
/**
 * Marks two zones as touching. A border with a prepared zone at either end is prepared too;
 * `hidden` prepares one between two public zones (a secret passage).
 */
export const BorderAddCommand = cmd('border.add', {
  a: Id,
  b: Id,
  hidden: v.optional(v.boolean()),
});
/** Removes a border; its aspects stay as aspects of the whole scene (logged). */
export const BorderRemoveCommand = cmd('border.remove', { borderId: Id });
/**
 * Moves a token to a zone, on the drop. `characterId` is a character in the scene (the GM
 * may also name a character not in it yet, who joins the scene, or a prepared NPC draft's
 * hidden id, whose token moves in the GM document). A move the rules do not make free is
 * refused with `move-needs-overcome`, unless `via` names the successful moving overcome
 * (`roll` with `moveTo`) or the GM waves it through with `override`.
 */
export const BoardMoveCommand = cmd('board.move', {
  characterId: Id,
  zoneId: Id,
  via: v.optional(Id),
  override: v.optional(v.boolean()),
});
/**
 * Reveals the whole prepared board in one go: prepared zones and borders, the prepared
 * aspects standing on a zone or border, and the NPC drafts with a token (created in the scene,
 * in their zone).
 */
export const BoardRevealCommand = cmd('board.reveal', {});
/** Whether the stream overlay shows the scene board (the spotlight stays on top); the GM's. */
export const BoardOverlayCommand = cmd('board.overlay', { show: v.boolean() });
/** The scene's map behind the board, by image hash; without `hash`, no map. */
export const BoardMapCommand = cmd('board.map', { hash: v.optional(ImageHash) });
/** A character's portrait by image hash (its player or the GM); without `hash`, none. */
export const CharacterPortraitCommand = cmd('character.portrait', {
  characterId: Id,
  hash: v.optional(ImageHash),
});
