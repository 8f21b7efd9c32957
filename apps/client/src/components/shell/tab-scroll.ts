/**
 * Where each phone tab scrolls to when it comes to the front. The tabs share one page (the
 * window scrolls), so without this a tab opened where the previous one was left: a player
 * who had scrolled down the Log landed mid-way down Characters and missed her new
 * consequence at its top.
 *
 * What a phone player expects is what every app's tab bar does: each tab keeps its own place
 * (back to the Log, back where she was reading), a tab not opened yet opens at its top, and
 * tapping the tab already open goes back to its top.
 */
export class TabScroll<T extends string> {
  readonly #left = new Map<T, number>();

  /**
   * The scroll to go to when `to` comes to the front from `from`, remembering where `from`
   * was left. `y` is the page's scroll now; `top` the scroll at which a panel's top sits just
   * under the sticky tab bar.
   */
  switchTo(from: T, to: T, y: number, top: number): number {
    if (from === to) return Math.min(y, top);
    this.#left.set(from, y);
    // A tab opened for the first time starts at its top; the header above the tabs stays
    // in sight if it was.
    return this.#left.get(to) ?? Math.min(y, top);
  }
}
