import { describe, expect, it } from 'vitest';
import { reconcile } from './reconcile';

describe('reconcile', () => {
  it('keeps unchanged branches by identity and assigns changed leaves', () => {
    const keep = { id: 'a1', text: 'On fire', invokes: [{ owner: 'p1' }] };
    const target = { scene: { aspects: [keep, { id: 'a2', text: 'Dark' }] }, gmPool: 2 };
    const next = {
      scene: {
        aspects: [
          { id: 'a1', text: 'On fire', invokes: [{ owner: 'p1' }] },
          { id: 'a2', text: 'Pitch dark' },
        ],
      },
      gmPool: 3,
    };
    const out = reconcile(target, next) as typeof target;
    expect(out).toBe(target);
    expect(out.scene.aspects[0]).toBe(keep);
    expect(out).toEqual(next);
  });
  it('replaces an element whose id changed and trims removed elements and keys', () => {
    const target: Record<string, unknown> = { list: [{ id: 'a' }, { id: 'b' }, { id: 'c' }], x: 1 };
    const b = (target.list as object[])[1];
    reconcile(target, { list: [{ id: 'a' }, { id: 'c' }] });
    expect(target).toEqual({ list: [{ id: 'a' }, { id: 'c' }] });
    expect((target.list as object[])[1]).not.toBe(b);
  });
  it('keeps elements with ids by id when a list drops its oldest and takes a new one', () => {
    // The recent rolls at every roll: [r1, r2, r3] becomes [r2, r3, r4].
    const read = (id: string, total: number) => ({ id, actor: { total } });
    const prev = [read('r1', 1), read('r2', 2), read('r3', 3)];
    const { target, writes } = watched(prev.map((r) => structuredClone(r)));
    const [, r2, r3] = target;
    const next = [prev[1]!, prev[2]!, read('r4', 4)];
    reconcile(target, next, prev);
    expect(target).toEqual(next);
    // The same r2 and r3 moved up a place; r4 is new; nothing inside r2 or r3 was written.
    expect(target[0]).toBe(r2);
    expect(target[1]).toBe(r3);
    expect(writes).toEqual(['[0]', '[1]', '[2]']);

    // A change inside one of them (an invoke) writes that leaf alone.
    writes.length = 0;
    reconcile(target, [next[0]!, read('r3', 5), next[2]!], next);
    expect(target[1]).toBe(r3);
    expect(writes).toEqual(['r3.actor.total']);
  });
  it('never shares objects with the source', () => {
    const next = { a: { b: [1, 2] } };
    const out = reconcile({}, next) as typeof next;
    expect(out.a).not.toBe(next.a);
    next.a.b.push(3);
    expect(out.a.b).toEqual([1, 2]);
  });
});

/**
 * `items` (objects with an id) behind proxies that note every write: `[i]` for an element of
 * the list, `id.path` for a value inside one.
 */
function watched(items: { id: string; actor: { total: number } }[]) {
  const writes: string[] = [];
  const inside = <T extends object>(value: T, path: string): T =>
    new Proxy(value, {
      get(obj, key) {
        const v = Reflect.get(obj, key) as unknown;
        return typeof v === 'object' && v !== null && typeof key === 'string'
          ? inside(v, `${path}.${key}`)
          : v;
      },
      set(obj, key, v) {
        writes.push(`${path}.${String(key)}`);
        return Reflect.set(obj, key, v);
      },
    });
  const elements = items.map((item) => inside(item, item.id));
  const target = new Proxy(elements, {
    set(obj, key, v) {
      if (key !== 'length') writes.push(`[${String(key)}]`);
      return Reflect.set(obj, key, v);
    },
  });
  return { target, writes };
}
