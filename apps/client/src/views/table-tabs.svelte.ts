import { tick } from 'svelte';
import { MediaQuery, SvelteSet } from 'svelte/reactivity';
import { afterPaint, whenIdle } from '../lib/lazy';
import type { PhoneTab } from '../components/shell/needs';
import { TabScroll } from '../components/shell/tab-scroll';

// On a phone the table is drawn with its open tab only: the other tabs' parts follow one at a
// time, or at once when opened, and stay drawn (a half-filled form survives a tab switch). The
// dice come first, right after the first paint (the Roll button is a player's next move: the
// first idle moment of a loading phone came half a second after its first draw); the rest
// when the page is idle. A wide screen draws them all.
const LATER: PhoneTab[] = ['dice', 'characters', 'log', 'chat', 'gm', 'scene', 'board'];

/**
 * The table view's sections: on a phone, tabs with one open at a time; on a desk (from 960 px)
 * columns, every section drawn. Made while a component initialises (it runs effects).
 */
export class TableTabs {
  readonly narrow = new MediaQuery('max-width: 959px');
  tab = $state<PhoneTab>('scene');
  /** A mark just above the tab bar: the bar sticks to the screen's top, the mark does not move. */
  mark = $state<HTMLElement>();
  #drawnLater = $state(0);
  readonly #opened = new SvelteSet<PhoneTab>();
  // Each phone tab keeps its own place on the page (components/shell/tab-scroll.ts): one not
  // opened yet opens at its top, one opened before where it was left, the open one tapped
  // again at top.
  readonly #scrolls = new TabScroll<PhoneTab>();

  constructor() {
    $effect(() => {
      this.#opened.add(this.tab);
    });
    $effect(() => {
      if (!this.narrow.current) this.#drawnLater = LATER.length;
      if (this.#drawnLater >= LATER.length) return;
      const next = () => this.#drawnLater++;
      return this.#drawnLater === 0 ? afterPaint(next) : whenIdle(next);
    });
  }

  /** Brings a phone tab to the front, at its own place on the page. */
  async select(next: PhoneTab): Promise<void> {
    if (!this.narrow.current) return;
    const y = window.scrollY;
    const top = (this.mark?.getBoundingClientRect().top ?? -y) + y;
    const to = this.#scrolls.switchTo(this.tab, next, y, top);
    this.tab = next;
    await tick();
    if (Math.round(to) !== Math.round(window.scrollY)) window.scrollTo({ top: to });
  }

  /** Brings `t` to the front, or waits a render when it already is. */
  reveal(t: PhoneTab): Promise<void> {
    return t === this.tab ? tick() : this.select(t);
  }

  drawn(id: PhoneTab): boolean {
    return (
      !this.narrow.current ||
      this.tab === id ||
      this.#opened.has(id) ||
      LATER.indexOf(id) < this.#drawnLater
    );
  }

  /** On a phone each part is its tab's panel, hidden while another tab is open. */
  part(id: PhoneTab): Record<string, string | boolean> {
    if (!this.narrow.current) return {};
    return {
      id: `panel-${id}`,
      role: 'tabpanel',
      'aria-labelledby': `tab-${id}`,
      hidden: this.tab !== id,
    };
  }
}
