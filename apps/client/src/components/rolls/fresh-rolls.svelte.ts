import { untrack } from 'svelte';
import type { TableSession } from '../../lib/session.svelte';
import { RollWatch } from './roll-watch';

/**
 * One RollWatch per open table, watching its rolls for as long as the page lives: the roll
 * cards come and go (a phone's tabs, a tray loaded later) and must not take a roll they mount
 * with for a new one.
 */
const watches = new WeakMap<TableSession, RollWatch>();

const live = (session: TableSession) => session.loaded && session.status === 'online';

/** Whether the roll with this id should play its landing on this page now (once). */
export function claimLanding(session: TableSession, id: string): boolean {
  return freshRolls(session).claim(id, live(session), Date.now());
}

/** The card has landed this roll's dice: what waits for them (the roll feed's row) follows. */
export function landed(session: TableSession, id: string): void {
  freshRolls(session).landed(id);
}

/**
 * Runs `fn` once the roll's dice have landed on its card (at once if none is landing it): the
 * roll feed's row of a new roll comes with the card, its result hidden until then, so the list
 * does not give the result away while the card's dice still tumble.
 */
export function afterLanding(session: TableSession, id: string, fn: () => void): void {
  freshRolls(session).afterLanding(id, fn);
}

/**
 * The table's watch, made on first use. The rolls panel asks for it when it mounts, with the
 * table, so the rolls already there are its baseline and the first roll after them is news.
 */
export function freshRolls(session: TableSession): RollWatch {
  const known = watches.get(session);
  if (known) return known;
  const created = new RollWatch();
  watches.set(session, created);
  const ids = () => session.table.view.rolls.map((r) => r.id);
  // The baseline now, not when the effect first runs: a card may claim a roll before that.
  created.observe(
    untrack(ids),
    untrack(() => live(session)),
    Date.now(),
  );
  // A root of its own: the effect outlives the component that first asked.
  $effect.root(() => {
    $effect(() => {
      created.observe(ids(), live(session), Date.now());
    });
  });
  return created;
}

/** Between two dice landing: four land in about half a second, the result right after. */
export const DIE_STEP_MS = 140;

let motionQuery: MediaQueryList | undefined;

/** The reader asked for no motion: everything shows at once. */
export function reducedMotion(): boolean {
  if (typeof matchMedia !== 'function') return false;
  // One query, asked again for its answer: a new query for every card cost a slowed phone
  // about a millisecond a roll. Its `matches` follows the setting as it changes.
  motionQuery ??= matchMedia('(prefers-reduced-motion: reduce)');
  return motionQuery.matches;
}
