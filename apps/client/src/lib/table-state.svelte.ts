import * as Y from 'yjs';
import { GM_ROOTS, PUB_ROOTS, readGm, readTable, readTableFields } from '@fateboard/table';
import type { CharacterView, GmView, LogMemo, SeatView, TableView } from '@fateboard/table';
import { fromStore } from 'svelte/store';
import { reconcile } from './reconcile';
import { i18n } from './i18n';

export const messages = i18n('lib/table-state', {
  gm: 'GM',
  someone: 'Someone',
  unknownCharacter: 'Unknown character',
});
// Read where the names are shown, so a change of language redraws them.
const text = fromStore(messages);

/**
 * The public document as Svelte state. Each root type (PUB_ROOTS) is observed deeply; when one
 * changes, the fields of the view it feeds are re-read with the table package's readers and reconciled into
 * `$state`, so only the values that changed are assigned and only their readers re-render.
 */
export class TableState {
  view: TableView = $state(readTable(new Y.Doc()));
  /** Bumped per applied update; handy for "something happened" animations. */
  version = $state(0);

  readonly characterById = $derived(
    new Map<string, CharacterView>(this.view.characters.map((c) => [c.id, c])),
  );
  readonly seatById = $derived(new Map<string, SeatView>(this.view.seats.map((s) => [s.id, s])));

  #cleanup: (() => void)[] = [];

  constructor(private doc: Y.Doc) {
    this.#bind();
  }

  /** Follows a fresh replica (after the server rebuilt the document); the view stays. */
  rebind(doc: Y.Doc): void {
    this.destroy();
    this.doc = doc;
    this.#cleanup.push(whenFilled(doc, () => this.#bind()));
  }

  #bind(): void {
    // readTable creates every root type; observe each one afterwards.
    const names = Object.keys(PUB_ROOTS) as (keyof typeof PUB_ROOTS)[];
    this.#refresh(names);
    const changed = new Set<keyof typeof PUB_ROOTS>();
    for (const name of names) {
      const type = this.doc.share.get(name);
      if (!type) continue;
      const onChange = () => changed.add(name);
      type.observeDeep(onChange);
      this.#cleanup.push(() => type.unobserveDeep(onChange));
    }
    // One read of the document per transaction, however many roots it changed: the first
    // sync changes all twenty of them, a roll four or five, and each read is the whole table.
    this.#cleanup.push(
      afterEachTransaction(this.doc, () => {
        if (changed.size === 0) return;
        const roots = [...changed];
        changed.clear();
        this.#refresh(roots);
      }),
    );
  }

  /** The log's entries by row, while the characters (their names in it) stay the same. */
  #memo: LogMemo = new WeakMap();
  /** Each field as last read: what the view was brought to, for reconcile to skip. */
  #last: Partial<Record<keyof TableView, unknown>> = {};
  /** The characters' ids, names and owners the memo's entries were read with. */
  #names = '';

  #refresh(roots: (keyof typeof PUB_ROOTS)[]): void {
    // Only the fields the changed roots feed are read: a roll reads its rolls, the log's new
    // rows and the summary, not every character, aspect and zone of the table.
    const fields = new Set<keyof TableView>(roots.flatMap((root) => PUB_ROOTS[root].feeds));
    // The log's sentences name characters as they are now (a gift between two): a renamed
    // character, or one with another owner, has every row of the log read again.
    const characters = fields.has('characters')
      ? readTableFields(this.doc, ['characters'])
      : undefined;
    if (characters) {
      const names = characters.characters.map((c) => `${c.id} ${c.owner} ${c.name}`).join('\n');
      if (names !== this.#names) {
        this.#names = names;
        this.#memo = new WeakMap();
        fields.add('log');
      }
      fields.delete('characters');
    }
    const next = { ...readTableFields(this.doc, [...fields], this.#memo), ...characters };
    if (characters) fields.add('characters');
    const view = this.view as unknown as Record<string, unknown>;
    for (const key of fields) {
      view[key] = reconcile(view[key], next[key], this.#last[key]);
      this.#last[key] = next[key];
    }
    this.version++;
  }

  /** The name of whoever owns a free invoke or made a move: a seat's player, or the GM. */
  ownerName(owner: string | undefined): string {
    if (!owner || owner === 'gm') return text.current.gm;
    const seat = this.seatById.get(owner);
    if (!seat) return text.current.someone;
    const character = seat.characterId ? this.characterById.get(seat.characterId) : undefined;
    return character ? `${character.name} (${seat.name})` : seat.name;
  }

  /** The short name of who holds free invokes: the character a seat plays, else the seat. */
  holderName(owner: string): string {
    if (owner === 'gm') return text.current.gm;
    const seat = this.seatById.get(owner);
    const character = seat?.characterId ? this.characterById.get(seat.characterId) : undefined;
    return character?.name ?? seat?.name ?? text.current.someone;
  }

  characterName(id: string | undefined): string {
    if (!id) return '';
    return this.characterById.get(id)?.name ?? text.current.unknownCharacter;
  }

  destroy(): void {
    for (const fn of this.#cleanup) fn();
    this.#cleanup = [];
  }
}

/** The GM-only document as Svelte state, bound the same way. */
export class GmState {
  view: GmView = $state(readGm(new Y.Doc()));
  #cleanup: (() => void)[] = [];

  constructor(private doc: Y.Doc) {
    this.#bind();
  }

  rebind(doc: Y.Doc): void {
    this.destroy();
    this.doc = doc;
    this.#cleanup.push(whenFilled(doc, () => this.#bind()));
  }

  #bind(): void {
    this.#refresh();
    let changed = false;
    for (const name of Object.keys(GM_ROOTS)) {
      const type = this.doc.share.get(name);
      if (!type) continue;
      const onChange = () => (changed = true);
      type.observeDeep(onChange);
      this.#cleanup.push(() => type.unobserveDeep(onChange));
    }
    this.#cleanup.push(
      afterEachTransaction(this.doc, () => {
        if (!changed) return;
        changed = false;
        this.#refresh();
      }),
    );
  }

  #refresh(): void {
    const next = readGm(this.doc);
    const view = this.view as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(next)) view[key] = reconcile(view[key], value);
  }

  destroy(): void {
    for (const fn of this.#cleanup) fn();
    this.#cleanup = [];
  }
}

/** Runs `fn` after each transaction on `doc`, once its observers have run; answers a cleanup. */
function afterEachTransaction(doc: Y.Doc, fn: () => void): () => void {
  doc.on('afterTransaction', fn);
  return () => doc.off('afterTransaction', fn);
}

/**
 * Runs `bind` once `doc` holds something: now, or on its first update. A reloaded replica starts
 * empty until the server's state arrives; reading it at once would empty the view for a moment
 * (no characters, no ruleset), and every open form would lose its subject and close mid-entry.
 * Returns a cleanup that cancels the wait.
 */
function whenFilled(doc: Y.Doc, bind: () => void): () => void {
  if (doc.store.clients.size > 0) {
    bind();
    return () => {};
  }
  const first = () => {
    doc.off('update', first);
    bind();
  };
  doc.on('update', first);
  return () => doc.off('update', first);
}

/** A stable colour per free-invoke owner (seat id or `gm`), readable on both themes. */
export function ownerColour(owner: string): string {
  if (owner === 'gm') return 'var(--owner-gm, #8b5cf6)';
  let h = 0;
  for (let i = 0; i < owner.length; i++) h = (h * 31 + owner.charCodeAt(i)) >>> 0;
  const palette = ['#d9480f', '#1c7ed6', '#2b8a3e', '#c2255c', '#e67700', '#0c8599', '#5f3dc4'];
  return palette[h % palette.length] ?? '#1c7ed6';
}
