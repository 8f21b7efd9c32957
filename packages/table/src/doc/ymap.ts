import * as Y from 'yjs';

/**
 * Small helpers that write a Y.Map only where a value really changed. Yjs keeps a deleted
 * item for every overwritten map value, so rewriting an unchanged field on every command
 * would grow a long campaign's document for nothing.
 */

export type YMap = Y.Map<unknown>;

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Sets `key` to a JSON value (undefined deletes it), unless it already holds an equal value. */
export function put(map: YMap, key: string, value: unknown): void {
  if (value === undefined) {
    if (map.has(key)) map.delete(key);
    return;
  }
  if (map.has(key) && same(map.get(key), value)) return;
  map.set(key, value);
}

/** Puts each named field of `source` under the same key (an absent one is deleted). */
export function putFields<T extends object>(
  map: YMap,
  source: T,
  keys: readonly (keyof T & string)[],
): void {
  for (const key of keys) put(map, key, source[key]);
}

/**
 * Appends at the end by index, not with `push`: Yjs's push walks the array from its start,
 * past every removed row it still keeps as a deleted item (the log and the rolls drop their
 * oldest rows all the time), while an insert by index starts from the search marker the
 * previous insert left near the end.
 */
export function appendAtEnd<T>(array: Y.Array<T>, items: T[]): void {
  array.insert(array.length, items);
}

/** Oldest first: by `at`, then by id, so rows written in one millisecond keep one order. */
export function byTime(a: { at: number; id: string }, b: { at: number; id: string }): number {
  return a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Every row (a child Y.Map) of a root, read with `read`, oldest first. */
export function readRows<T extends { at: number; id: string }>(
  root: YMap,
  read: (row: YMap) => T,
): T[] {
  const out: T[] = [];
  root.forEach((value) => {
    if (value instanceof Y.Map) out.push(read(value as YMap));
  });
  return out.sort(byTime);
}

/** Sets a new, empty row under `id` and returns it to be filled (inside a transaction). */
export function addRow(root: YMap, id: string): YMap {
  const row = new Y.Map<unknown>();
  root.set(id, row);
  return row;
}

/** The child Y.Map at `key`, created when missing. */
export function child(map: YMap, key: string): YMap {
  const found = map.get(key);
  if (found instanceof Y.Map) return found as YMap;
  const created = new Y.Map<unknown>();
  map.set(key, created);
  return created;
}

/** The child Y.Map at `key`, or undefined; never creates one (for readers). */
export function peek(map: YMap, key: string): YMap | undefined {
  const found = map.get(key);
  return found instanceof Y.Map ? (found as YMap) : undefined;
}

/**
 * Mirrors a list of items with ids into a Y.Map of Y.Maps keyed by id, each carrying its
 * position as `i`. Untouched items are not rewritten; removed ids are deleted.
 */
export function syncList<T extends { id: string }>(
  map: YMap,
  items: readonly T[],
  write: (target: YMap, item: T) => void,
): void {
  const keep = new Set(items.map((item) => item.id));
  for (const key of [...map.keys()]) if (!keep.has(key)) map.delete(key);
  items.forEach((item, i) => {
    const target = child(map, item.id);
    put(target, 'i', i);
    write(target, item);
  });
}

/** The Y.Maps of a list written by `syncList`, in order. */
export function listOf(map: YMap | undefined): YMap[] {
  if (!map) return [];
  const out: YMap[] = [];
  map.forEach((value) => {
    if (value instanceof Y.Map) out.push(value as YMap);
  });
  return out.sort((a, b) => num(a, 'i') - num(b, 'i'));
}

export function str(map: YMap, key: string): string {
  const value = map.get(key);
  return typeof value === 'string' ? value : '';
}

export function optStr(map: YMap, key: string): string | undefined {
  const value = map.get(key);
  return typeof value === 'string' ? value : undefined;
}

export function num(map: YMap, key: string): number {
  const value = map.get(key);
  return typeof value === 'number' ? value : 0;
}

export function optNum(map: YMap, key: string): number | undefined {
  const value = map.get(key);
  return typeof value === 'number' ? value : undefined;
}

export function bool(map: YMap, key: string): boolean {
  return map.get(key) === true;
}

/** Counts in a Y.Map of numbers (free invokes by owner), zero entries dropped. */
export function counts(map: YMap | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  map?.forEach((value, key) => {
    if (typeof value === 'number' && value > 0) out[key] = value;
  });
  return out;
}
