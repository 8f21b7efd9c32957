/** The turn order with one character moved from one place to another (clamped to the list). */
export function moveTurn(order: readonly string[], id: string, to: number): string[] {
  const from = order.indexOf(id);
  if (from < 0) return [...order];
  const next = order.filter((x) => x !== id);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, id);
  return next;
}

/**
 * Who the GM may add to the running conflict's turn order (`conflict.join`): the characters
 * not in it and not taken out, in the table's order. The reducer refuses the others.
 */
export function joinable<C extends { id: string; takenOut: boolean }>(
  characters: readonly C[],
  order: readonly string[],
): C[] {
  return characters.filter((c) => !c.takenOut && !order.includes(c.id));
}
