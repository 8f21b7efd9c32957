import type { CountdownView } from './view-types';
import type { YMap } from './ymap';
import { addRow, bool, num, put, readRows, str } from './ymap';

/**
 * A countdown as a Y.Map: id, name, boxes, filled, trigger, perExchange, at. The same shape
 * in both documents: a hidden one lives in the GM document's `countdowns`, a public one in
 * the public document's, and revealing copies it across unchanged.
 */

export function readCountdown(m: YMap): CountdownView {
  return {
    id: str(m, 'id'),
    name: str(m, 'name'),
    boxes: num(m, 'boxes'),
    filled: num(m, 'filled'),
    trigger: str(m, 'trigger'),
    perExchange: bool(m, 'perExchange'),
    at: num(m, 'at'),
  };
}

/** Every countdown of a `countdowns` root, oldest first. */
export function readCountdowns(root: YMap): CountdownView[] {
  return readRows(root, readCountdown);
}

/** Writes a new countdown into a `countdowns` root; call inside that document's transaction. */
export function writeCountdown(root: YMap, c: CountdownView): void {
  const m = addRow(root, c.id);
  m.set('id', c.id);
  updateCountdown(m, c);
  m.set('at', c.at);
}

/** Writes the fields that changed of an existing countdown. */
export function updateCountdown(m: YMap, next: CountdownView): void {
  put(m, 'name', next.name);
  put(m, 'boxes', next.boxes);
  put(m, 'filled', next.filled);
  put(m, 'trigger', next.trigger);
  put(m, 'perExchange', next.perExchange ? true : undefined);
}
