import * as Y from 'yjs';
import {
  GM_ROOTS,
  PUB_ROOTS,
  forgetChangedRolls,
  readGm,
  readTable,
  readTableFields,
} from '@fateboard/table';
import type {
  CharacterView,
  GmView,
  LogMemo,
  RollMemo,
  SeatView,
  TableView,
} from '@fateboard/table';
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
 * A document read into Svelte state: `read` reads the whole of it into the view and observes it
 * for changes, answering the cleanup. A rebind follows a fresh replica (after the server rebuilt
 * the document) once it holds something; the view stays as it was meanwhile.
 */
abstract class DocState {
  #cleanup: () => void = () => {};

  constructor(protected doc: Y.Doc) {}

  protected abstract read(): () => void;

  /** Reads the document; the subclass calls it once its own fields are set. */
  protected start(): void {
    this.#cleanup = this.read();
  }

  rebind(doc: Y.Doc): void {
    this.destroy();
    this.doc = doc;
    let stop = () => {};
    const cancel = whenFilled(doc, () => (stop = this.read()));
    this.#cleanup = () => {
      cancel();
      stop();
    };
  }

  destroy(): void {
    this.#cleanup();
    this.#cleanup = () => {};
  }
}

/**
 * The public document as Svelte state. Each root type (PUB_ROOTS) is observed deeply; when one
 * changes, the fields of the view it feeds are re-read with the table package's readers and reconciled into
 * `$state`, so only the values that changed are assigned and only their readers re-render.
 */
export class TableState extends DocState {
  view: TableView = $state(readTable(new Y.Doc()));
  /** Bumped per applied update; handy for "something happened" animations. */
  version = $state(0);

  readonly characterById = $derived(
    new Map<string, CharacterView>(this.view.characters.map((c) => [c.id, c])),
  );
  readonly seatById = $derived(new Map<string, SeatView>(this.view.seats.map((s) => [s.id, s])));

  constructor(doc: Y.Doc) {
    super(doc);
    this.start();
  }

  protected read(): () => void {
    // readTable creates every root type; observe each one afterwards.
    const names = Object.keys(PUB_ROOTS) as (keyof typeof PUB_ROOTS)[];
    this.#refresh(names);
    return watchRoots(this.doc, names, (roots, tr) => {
      forgetChangedRolls(this.#rolls, tr);
      this.#refresh(roots);
    });
  }

  /** The log's entries by row, while the characters (their names in it) stay the same. */
  #memo: LogMemo = new WeakMap();
  /** The rolls as read, by their map, until a transaction writes to it. */
  #rolls: RollMemo = new WeakMap();
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
    const memo = { log: this.#memo, rolls: this.#rolls };
    const next = { ...readTableFields(this.doc, [...fields], memo), ...characters };
    if (characters) fields.add('characters');
    const view = this.view as unknown as Record<string, unknown>;
    for (const key of fields) {
      view[key] = reconcile(view[key], next[key], this.#last[key]);
      this.#last[key] = next[key];
    }
    this.version++;
  }

  /**
   * A field as last read from the document: the same values as the view's, as plain data and
   * not reactive. For code that copies a field (the roll feed's rows), where a snapshot of the
   * view's proxies cost a slowed phone milliseconds at every roll. Never to be changed. (The
   * constructor reads every field, so only a field never read falls back to the view.)
   */
  plain<K extends keyof TableView>(key: K): TableView[K] {
    return (this.#last[key] ?? this.view[key]) as TableView[K];
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
}

/** The GM-only document as Svelte state, bound the same way. */
export class GmState extends DocState {
  view: GmView = $state(readGm(new Y.Doc()));

  constructor(doc: Y.Doc) {
    super(doc);
    this.start();
  }

  protected read(): () => void {
    this.#refresh();
    return watchRoots(this.doc, Object.keys(GM_ROOTS), () => this.#refresh());
  }

  #refresh(): void {
    const next = readGm(this.doc);
    const view = this.view as unknown as Record<string, unknown>;
    for (const [key, value] of Object.entries(next)) view[key] = reconcile(view[key], value);
  }
}

/**
 * Observes `roots` of `doc` deeply and calls `refresh` with the ones a transaction changed, once
 * per transaction after its observers have run: however many roots it changed (the first sync
 * changes all twenty of the public document's, a roll four or five), the view is read once.
 * Answers a cleanup.
 */
function watchRoots<Root extends string>(
  doc: Y.Doc,
  roots: readonly Root[],
  refresh: (changed: Root[], tr: Y.Transaction) => void,
): () => void {
  const changed = new Set<Root>();
  const cleanups: (() => void)[] = [];
  for (const name of roots) {
    const type = doc.share.get(name);
    if (!type) continue;
    const onChange = () => changed.add(name);
    type.observeDeep(onChange);
    cleanups.push(() => type.unobserveDeep(onChange));
  }
  const afterTransaction = (tr: Y.Transaction) => {
    if (changed.size === 0) return;
    const names = [...changed];
    changed.clear();
    refresh(names, tr);
  };
  doc.on('afterTransaction', afterTransaction);
  cleanups.push(() => doc.off('afterTransaction', afterTransaction));
  return () => {
    for (const fn of cleanups) fn();
  };
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
