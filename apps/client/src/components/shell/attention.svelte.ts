import { untrack } from 'svelte';
import type { TableView } from '@fateboard/table';
import type { Toasts } from './toasts.svelte';
import { openNeeds, OPEN_NEEDS, type Me, type Need, type NeedRule, type PhoneTab } from './needs';
import { markOf, noticesSince, type Mark } from './notices';
import { turnAndHarmNotices, turnHarmMark, type TurnHarmMark } from '../conflict/turn-harm-notices';

/**
 * Telling a person when they are needed (needs.ts says for what, turn-harm-notices.ts when
 * their turn came or harm was put on their character): each need or notice becomes
 * a toast whose button goes to the control, and a badge on the phone tab that holds it.
 */

/** A need whose toast was closed by a visit to its tab: it is not toasted again. */
const QUIETED = -1;

/**
 * The person's needs as state: `update(view)` after each change of the document toasts what is
 * new; `badge(tab)` counts what a phone tab holds. `go` takes the person to a need's control.
 */
export class Attention {
  open = $state<Need[]>([]);
  unseen = $state<Need[]>([]);
  /** The phone tab in front, or null when every panel is on screen (wide layout). */
  current: PhoneTab | null = null;
  #mark: Mark;
  #moments: TurnHarmMark;
  /** The toast of each open need, closed once the need is answered. */
  #toasts = new Map<string, number>();

  constructor(
    view: TableView,
    private readonly me: () => Me,
    private readonly toasts: Toasts,
    private readonly go: (need: Need) => void,
    private readonly rules: readonly NeedRule[] = OPEN_NEEDS,
  ) {
    // What was given before this screen opened is not news; what waits on me still is.
    this.#mark = markOf(view, me());
    this.#moments = turnHarmMark(view, me());
  }

  update(view: TableView): void {
    const me = this.me();
    const open = openNeeds(view, me, this.rules);
    const notices = [
      ...noticesSince(this.#mark, view, me),
      ...turnAndHarmNotices(this.#moments, view, me),
    ];
    this.#mark = markOf(view, me);
    this.#moments = turnHarmMark(view, me);
    // Called from an effect: what it reads of its own state must not become dependencies.
    untrack(() => {
      const keys = new Set(open.map((n) => n.key));
      for (const [key, id] of this.#toasts) {
        if (keys.has(key)) continue;
        this.toasts.dismiss(id);
        this.#toasts.delete(key);
      }
      // On a phone an open need's toast stays until answered (closed above) or dismissed: its
      // control may be on a hidden tab. On a wide screen every control is in view, so the
      // toast is a passing call that must not sit over the dice column for the whole fight.
      const sticky = this.current !== null;
      for (const need of open)
        if (!this.#toasts.has(need.key)) this.#toasts.set(need.key, this.#toast(need, sticky));
      this.open = open;
      for (const need of notices) {
        this.#toast(need, false);
        if (need.tab !== this.current) this.unseen.push(need);
      }
    });
  }

  #toast(need: Need, sticky: boolean): number {
    const action = { label: need.action, run: () => this.go(need) };
    return this.toasts.push('attention', need.text, { action, sticky });
  }

  /** How many things on this phone tab want the person. */
  badge(tab: PhoneTab): number {
    return (
      this.open.filter((n) => n.tab === tab).length +
      this.unseen.filter((n) => n.tab === tab).length
    );
  }

  /**
   * The person looks at this tab (null: at everything): its notices are seen. On a phone, the
   * toast of a need this tab holds closes too: the control is on screen, and the toast at the
   * bottom would only cover it (the tab keeps its badge until the need is answered).
   */
  visit(tab: PhoneTab | null): void {
    this.current = tab;
    untrack(() => {
      if (this.unseen.some((n) => tab === null || n.tab === tab)) {
        this.unseen = this.unseen.filter((n) => tab !== null && n.tab !== tab);
      }
      if (tab === null) return;
      for (const need of this.open) {
        const id = this.#toasts.get(need.key);
        if (need.tab !== tab || id === undefined || id === QUIETED) continue;
        this.toasts.dismiss(id);
        this.#toasts.set(need.key, QUIETED);
      }
    });
  }
}

/** Focuses the first enabled control inside the first match of `selectors`, in view. */
export function focusControl(root: ParentNode, selectors: readonly string[]): boolean {
  for (const selector of selectors) {
    const el = root.querySelector<HTMLElement>(selector);
    if (!el) continue;
    const control =
      el.querySelector<HTMLElement>(
        'input:not([disabled]), select:not([disabled]), button:not([disabled]), textarea:not([disabled])',
      ) ?? el;
    // A group with no control of its own (fate points to look at) takes focus itself.
    if (control === el && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    control.scrollIntoView({ block: 'center' });
    control.focus();
    return true;
  }
  return false;
}
