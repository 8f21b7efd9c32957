/**
 * The turn order after a character leaves it, kept apart from conflict.ts so the countdowns
 * can ask, before anything is written, whether a leaving starts a new exchange.
 */
export interface AfterDrop {
  order: string[];
  turn: number;
  /** The one leaving was the exchange's last to act: the next exchange begins. */
  wraps: boolean;
}

/** The order without `id`, the turn kept on whoever acts next; undefined if `id` is not in it. */
export function afterDrop(order: string[], turn: number, id: string): AfterDrop | undefined {
  const at = order.indexOf(id);
  if (at < 0) return undefined;
  const next = order.filter((x) => x !== id);
  // Keep the turn on whoever acts next; when the one leaving was the exchange's last to act,
  // that is the first of the next exchange, as `conflict.next` would have it.
  const newTurn = at < turn ? turn - 1 : turn;
  const wraps = next.length > 0 && newTurn >= next.length;
  return { order: next, turn: wraps || next.length === 0 ? 0 : newTurn, wraps };
}

/**
 * The character whose turn it is in a conflict, or undefined when none runs: the reducer's
 * `conflict.next` and every screen's "Your turn" ask this one function.
 */
export function actingIn(conflict: {
  active: boolean;
  order: readonly string[];
  turn: number;
}): string | undefined {
  if (!conflict.active || conflict.order.length === 0) return undefined;
  return conflict.order[conflict.turn % conflict.order.length];
}
