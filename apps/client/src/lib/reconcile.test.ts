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
  it('never shares objects with the source', () => {
    const next = { a: { b: [1, 2] } };
    const out = reconcile({}, next) as typeof next;
    expect(out.a).not.toBe(next.a);
    next.a.b.push(3);
    expect(out.a.b).toEqual([1, 2]);
  });
});
