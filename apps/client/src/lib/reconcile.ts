/**
 * Brings `target` (a Svelte `$state` proxy) to equal `next` by assigning only the leaves that
 * differ. Svelte tracks reads per property, so after a Yjs update only the components that
 * read a changed value re-render; an unchanged aspect card is left alone.
 *
 * Arrays whose elements all have an `id` keep each element by its id, wherever it moved: a
 * list that drops its oldest and takes a new one at the end (the table's twenty recent rolls,
 * at every roll) moves the same proxies down one place and makes one, where matching by index
 * rewrote every element, and every card of a roll drew itself again. Other arrays go by index.
 */
export function reconcile(target: unknown, next: unknown, prev?: unknown): unknown {
  // `prev`: the value `target` was last brought to. Where `next` shares a part with it (the
  // log's entries of rows read before, lib/table-state), that part is already right: skipped.
  if (prev !== undefined && Object.is(prev, next)) return target;
  if (Array.isArray(next)) {
    if (!Array.isArray(target)) return clone(next);
    reconcileArray(target, next, Array.isArray(prev) ? prev : undefined);
    return target;
  }
  if (isPlainObject(next)) {
    if (!isPlainObject(target)) return clone(next);
    reconcileObject(target, next, isPlainObject(prev) ? prev : undefined);
    return target;
  }
  return next;
}

function reconcileObject(
  target: Record<string, unknown>,
  next: Record<string, unknown>,
  prev: Record<string, unknown> | undefined,
): void {
  for (const key of Object.keys(target)) {
    if (!(key in next)) delete target[key];
  }
  for (const [key, value] of Object.entries(next)) {
    const current = target[key];
    if (Object.is(current, value)) continue;
    if ((Array.isArray(value) || isPlainObject(value)) && sameShape(current, value)) {
      reconcile(current, value, prev?.[key]);
    } else if (!Object.is(current, value)) {
      target[key] = clone(value);
    }
  }
}

function reconcileArray(target: unknown[], next: unknown[], prev: unknown[] | undefined): void {
  if (next.length > 0 && next.every(hasId)) {
    reconcileById(target, next, prev);
    return;
  }
  if (target.length > next.length) target.splice(next.length);
  for (let i = 0; i < next.length; i++) {
    const value = next[i];
    if (i >= target.length) {
      target.push(clone(value));
      continue;
    }
    // Compared with what this element was last brought to, not read through the proxy.
    const was = prev !== undefined && i < prev.length ? prev[i] : undefined;
    if (was !== undefined && Object.is(was, value)) continue;
    const current = target[i];
    if (Object.is(current, value)) continue;
    if (sameShape(current, value) && sameId(current, value)) reconcile(current, value, was);
    else target[i] = clone(value);
  }
}

/** An array of elements with ids, each matched to the element of `target` with its id. */
function reconcileById(
  target: unknown[],
  next: Record<string, unknown>[],
  prev: unknown[] | undefined,
): void {
  const current = new Map<unknown, Record<string, unknown>>();
  for (const element of target) if (hasId(element)) current.set(element.id, element);
  const before = new Map<unknown, unknown>();
  for (const element of prev ?? []) if (hasId(element)) before.set(element.id, element);
  for (let i = 0; i < next.length; i++) {
    const value = next[i]!;
    const kept = current.get(value.id);
    // A duplicate id takes the element once: the second gets a copy of its own.
    current.delete(value.id);
    let element: unknown = kept;
    if (kept === undefined) element = clone(value);
    else reconcile(kept, value, before.get(value.id));
    if (i >= target.length) target.push(element);
    else if (target[i] !== element) target[i] = element;
  }
  if (target.length > next.length) target.splice(next.length);
}

function hasId(value: unknown): value is Record<string, unknown> & { id: unknown } {
  return isPlainObject(value) && typeof value.id === 'string';
}

function sameShape(a: unknown, b: unknown): boolean {
  return (Array.isArray(a) && Array.isArray(b)) || (isPlainObject(a) && isPlainObject(b));
}

function sameId(a: unknown, b: unknown): boolean {
  if (!isPlainObject(a) || !isPlainObject(b)) return true;
  return a.id === b.id;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clone) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = clone(v);
    return out as T;
  }
  return value;
}
