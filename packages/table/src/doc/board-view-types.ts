// The board views of readTable and readGm (views.ts): zones, borders, tokens.

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
