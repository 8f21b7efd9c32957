/**
 * Which rolls this page saw arrive, so only those play the dice landing. The rolls already on
 * the table when it first loads, and those that come in while the page is catching up after a
 * reconnect, are history: shown at once. Pure, with the clock passed in, so it is tested alone.
 */
export class RollWatch {
  #seen = new Set<string>();
  /** When each roll that arrived live was first seen. */
  #arrived = new Map<string, number>();
  #claimed = new Set<string>();
  /** Rolls whose dice are landing on a card now, with what waits for them to land. */
  #landing = new Map<string, (() => void)[]>();
  #liveSince: number | null = null;

  constructor(
    /** After coming (back) online, the resync still brings old rolls for about this long. */
    private readonly catchUpMs = 1500,
    /** A roll seen longer ago than this (in a tab not shown then) is no longer news. */
    private readonly freshForMs = 4000,
  ) {}

  /**
   * The rolls in the view now. `live`: the table has loaded and the page is online; while it is
   * not, whatever arrives is what was missed, not something happening now.
   */
  observe(ids: readonly string[], live: boolean, now: number): void {
    if (!live) this.#liveSince = null;
    else this.#liveSince ??= now;
    const catchingUp = this.#liveSince === null || now - this.#liveSince < this.catchUpMs;
    for (const id of ids) {
      if (this.#seen.has(id)) continue;
      this.#seen.add(id);
      if (!catchingUp) this.#arrived.set(id, now);
    }
  }

  /**
   * Whether this roll should land now: new to the page, recent, and not landed already. A card
   * may draw a roll before the watch's effect has run for it: then it is observed here first.
   */
  claim(id: string, live: boolean, now: number): boolean {
    if (!this.#seen.has(id)) this.observe([id], live, now);
    const at = this.#arrived.get(id);
    if (at === undefined || this.#claimed.has(id) || now - at > this.freshForMs) return false;
    this.#claimed.add(id);
    this.#landing.set(id, []);
    return true;
  }

  /** The card's dice for this roll have landed (or were skipped, or the card went away). */
  landed(id: string): void {
    const waiting = this.#landing.get(id);
    this.#landing.delete(id);
    for (const fn of waiting ?? []) fn();
  }

  /**
   * Runs `fn` once this roll's dice have landed on its card, in the same task, so what waits
   * is drawn in the frame that shows the total; at once when no card is landing it.
   */
  afterLanding(id: string, fn: () => void): void {
    const waiting = this.#landing.get(id);
    if (waiting) waiting.push(fn);
    else fn();
  }
}
