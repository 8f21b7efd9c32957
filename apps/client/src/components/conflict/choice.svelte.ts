/** Something a form can pick from a live list: a character, an aspect, a seat. */
export interface Choosable {
  id: string;
  name?: string;
  label?: string;
  text?: string;
}

/**
 * A pick from a list that live updates keep changing, held while someone fills a form.
 *
 * It is derived from the list on every read, never written back by an effect: the old
 * `$effect.pre(() => { if (!list.includes(x)) x = list[0] })` pattern overwrote the pick the
 * moment the list was briefly empty or reordered (a document reload, a roll, an aspect edit),
 * so forms snapped back mid-entry. Here the pick stays as long as its subject exists; if the
 * subject is deleted, `value` is empty and `gone` names it so the form can say so. Until the
 * person picks, the value follows the list's default.
 *
 * A `scope` (e.g. the character whose aspect is picked) ties the pick to it: picking another
 * character starts the aspect afresh instead of reporting it gone.
 *
 * `usable` says which items the default may fall on (a taken-out character is no one's next
 * roller): the default skips the others, and a pick that stops being usable (the NPC picked
 * is taken out) goes back to the default. A pick made while already unusable stays: the
 * person chose it knowingly. `exists` says a subject missing from the list is still at the
 * table (an opponent who became the roller): the default stands in, nothing is reported gone,
 * and the pick comes back once it is listed again.
 */
export class Choice {
  #picked = $state<{ id: string; label: string; scope: string; usable: boolean } | null>(null);
  readonly #items: () => readonly Choosable[];
  readonly #preferred: () => string | undefined;
  readonly #scope: () => string;
  readonly #usable: (id: string) => boolean;
  readonly #exists: (id: string) => boolean;

  constructor(
    items: () => readonly Choosable[],
    options: {
      preferred?: () => string | undefined;
      scope?: () => string;
      usable?: (id: string) => boolean;
      exists?: (id: string) => boolean;
    } = {},
  ) {
    this.#items = items;
    this.#preferred = options.preferred ?? (() => undefined);
    this.#scope = options.scope ?? (() => '');
    this.#usable = options.usable ?? (() => true);
    this.#exists = options.exists ?? (() => false);
  }

  /** The person's pick in this scope, if they made one and it still holds. */
  #mine(): { id: string; label: string } | null {
    const p = this.#picked;
    if (!p || p.scope !== this.#scope()) return null;
    const listed = this.#items().some((i) => i.id === p.id);
    // Picked while usable and no longer (but still listed): back to the default.
    if (listed && p.usable && !this.#usable(p.id)) return null;
    // Off the list for now, not gone: the default until it is back.
    if (!listed && this.#exists(p.id)) return null;
    return p;
  }

  /** The id to show and send: the pick, the default until there is one, '' once it is gone. */
  get value(): string {
    const items = this.#items();
    const mine = this.#mine();
    if (mine) return items.some((i) => i.id === mine.id) ? mine.id : '';
    const preferred = this.#preferred();
    const usable = items.filter((i) => this.#usable(i.id));
    if (preferred !== undefined && usable.some((i) => i.id === preferred)) return preferred;
    return usable[0]?.id ?? items[0]?.id ?? '';
  }

  set value(id: string) {
    const item = this.#items().find((i) => i.id === id);
    this.#picked = {
      id,
      label: item?.name ?? item?.label ?? item?.text ?? id,
      scope: this.#scope(),
      usable: this.#usable(id),
    };
  }

  /** The name of the picked subject once it was deleted, else null. */
  get gone(): string | null {
    const mine = this.#mine();
    if (!mine || this.#items().some((i) => i.id === mine.id)) return null;
    return mine.label;
  }

  /** Back to following the list's default (after a submit, or a Cancel). */
  reset(): void {
    this.#picked = null;
  }
}

/**
 * A value field that shows its source (a current rating, a fate point count) until someone
 * types in it, then keeps what they typed while the source changes under them. Editing a
 * different subject (`scope`) starts again from the source.
 */
export class Draft<T> {
  #typed = $state<{ value: T; scope: string } | null>(null);
  readonly #source: () => T;
  readonly #scope: () => string;

  constructor(source: () => T, scope: () => string = () => '') {
    this.#source = source;
    this.#scope = scope;
  }

  get value(): T {
    const typed = this.#typed;
    return typed && typed.scope === this.#scope() ? typed.value : this.#source();
  }

  set value(value: T) {
    this.#typed = { value, scope: this.#scope() };
  }

  /** Whether the shown value is the person's, not the source's. */
  get edited(): boolean {
    return this.#typed?.scope === this.#scope();
  }

  reset(): void {
    this.#typed = null;
  }
}
