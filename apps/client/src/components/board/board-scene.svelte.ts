import type { CharacterView, ZoneView } from '@fateboard/table';
import { mayMoveToken, preparedOnly } from '@fateboard/table';
import { checkMove, moveRequest } from './board-move.svelte';
import { getTable } from '../../lib/table-context';

/**
 * What every part of the scene board reads (the drawing, the zone list, the tools): the
 * board as this screen sees it, who stands where, which token is picked, and the move a drop
 * or a tap asks for. Who may move which token and what a move needs is @fateboard/table's
 * `mayMoveToken` and `moveCheck`: the board offers what the reducer accepts.
 */

/** One grid cell in the drawing's units (pixels at zoom 1). */
export const CELL = 40;

export class BoardScene {
  /** The open table: a BoardScene is made while a component starts, where its context is. */
  private readonly session = getTable();

  readonly view = $derived(this.session.table.view);
  readonly board = $derived(this.view.board);
  /** The prepared board (the GM's document), less what a reveal already made public. */
  readonly prep = $derived(preparedOnly(this.session.gm?.view.board, this.board));
  readonly actor = $derived(
    this.session.role === 'player' && this.session.seatId
      ? { role: 'player' as const, seatId: this.session.seatId }
      : { role: this.session.role },
  );
  /** The grid's size in cells: every zone with a cell to spare, never under 24 × 8. */
  readonly cols = $derived(
    Math.max(24, ...[...this.board.zones, ...this.prep.zones].map((z) => z.x + z.w + 1)),
  );
  readonly rows = $derived(
    Math.max(8, ...[...this.board.zones, ...this.prep.zones].map((z) => z.y + z.h + 1)),
  );
  readonly byId = $derived(new Map(this.view.characters.map((c) => [c.id, c])));
  readonly zoneOf = $derived(new Map(this.board.tokens.map((t) => [t.characterId, t.zoneId])));
  readonly inScene = $derived(
    this.view.scene.present.map((id) => this.byId.get(id)).filter((c): c is CharacterView => !!c),
  );
  /** The player's own character: picked from the start, so a phone's list moves it. */
  readonly own = $derived(
    this.view.seats.find((s) => s.id === this.session.seatId)?.characterId ?? undefined,
  );

  /** The token picked by a tap (or the keyboard), moved by a tap on a zone. */
  selected = $state<string | null>(null);
  /** The token whose stress and consequences show (hovered or focused). */
  shown = $state<string | null>(null);
  readonly pickedName = $derived(
    this.selected === null ? undefined : this.byId.get(this.selected)?.name,
  );

  movable(c: CharacterView): boolean {
    return this.session.role !== 'spectator' && mayMoveToken(this.actor, c);
  }
  tokensIn(zone: ZoneView): CharacterView[] {
    return this.inScene.filter((c) => this.zoneOf.get(c.id) === zone.id);
  }
  aspectsOn(place: string) {
    return this.view.aspects.filter((a) => a.place === place);
  }
  /** The borders of `zone` that carry aspects, each with the zone across it: what bars the way. */
  bordersOf(
    zone: ZoneView,
  ): { id: string; across: string; aspects: { id: string; text: string }[] }[] {
    return this.board.borders
      .filter((b) => b.a === zone.id || b.b === zone.id)
      .map((b) => {
        const other = this.board.zones.find((z) => z.id === (b.a === zone.id ? b.b : b.a));
        return { id: b.id, across: other?.name ?? '', aspects: this.aspectsOn(b.id) };
      })
      .filter((b) => b.aspects.length > 0);
  }
  toggle(id: string): void {
    this.selected = this.selected === id ? null : id;
  }

  /** Moves a token to a zone: free, asked as an overcome in the dice tray, or the GM's word. */
  async move(character: CharacterView, zoneId: string): Promise<void> {
    this.selected = null;
    if (this.zoneOf.get(character.id) === zoneId) return;
    const asked = checkMove(this.view, this.actor, { characterId: character.id, to: zoneId });
    const key = `board.move:${character.id}`;
    if (asked?.check.kind === 'overcome') {
      // The dice tray asks for the overcome; the GM may wave it through there [CORE-MOVE-3].
      moveRequest.ask({ characterId: character.id, to: zoneId });
    } else if (asked?.check.kind === 'refused' && this.session.role === 'gm') {
      // The GM's drop is the GM's word: placed where no border leads, logged as waved.
      await this.session.send(
        'board.move',
        { characterId: character.id, zoneId, override: true },
        { key },
      );
    } else {
      // Free, or refused: the server says why (and the toast says it in the reader's words).
      await this.session.send('board.move', { characterId: character.id, zoneId }, { key });
    }
  }

  /** A tap on a zone (or Enter on it) moves the picked token there. */
  tapZone(zone: ZoneView): void {
    const c = this.selected === null ? undefined : this.byId.get(this.selected);
    if (c) void this.move(c, zone.id);
  }
}
