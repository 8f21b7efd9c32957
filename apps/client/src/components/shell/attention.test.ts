import { afterEach, describe, expect, it, vi } from 'vitest';
import { attack, attend, giveFatePoints } from './needs-fixture';
import { GM, sceneTable } from '../../lib/test/play';

describe('Attention', () => {
  afterEach(() => vi.useRealTimers());

  it('an open need’s toast stays on a phone until answered, and passes on a wide screen', () => {
    vi.useFakeTimers();
    const { t, bob, tam } = sceneTable();
    const phone = attend(t, bob, { tab: 'log', lifetime: 1000 });
    const wide = attend(t, bob, { tab: null, lifetime: 1000 });
    t.ok(GM, { type: 'compel.offer', characterId: tam, text: 'Trouble' });
    phone.attention.update(t.view());
    wide.attention.update(t.view());
    expect(phone.toasts.items).toHaveLength(1);
    expect(wide.toasts.items).toHaveLength(1);
    vi.advanceTimersByTime(60_000);
    expect(phone.toasts.items.map((x) => x.text)).toEqual(['Compel on Tam: “Trouble”']);
    expect(wide.toasts.items).toEqual([]);
    // The wide screen's need is still open: its Scene badge counts it, and no second toast.
    wide.attention.update(t.view());
    expect(wide.toasts.items).toEqual([]);
  });

  it('toasts each need once with a button to it, badges its tab, and clears when answered or seen', () => {
    const { t, bob, tam } = sceneTable();
    const { toasts, went, attention } = attend(t, bob);
    attention.update(t.view());
    expect(toasts.items).toEqual([]);

    const compelId = String(
      t.ok(GM, { type: 'compel.offer', characterId: tam, text: 'Trouble' }).compelId,
    );
    attention.update(t.view());
    attention.update(t.view());
    expect(toasts.items.map((x) => [x.kind, x.text, x.action?.label])).toEqual([
      ['attention', 'Compel on Tam: “Trouble”', 'Answer'],
    ]);
    expect(attention.badge('scene')).toBe(1);
    expect(attention.badge('dice')).toBe(0);

    // The toast's one tap goes to the compel, and the toast closes.
    toasts.act(toasts.items[0]!.id);
    expect(went.map((n) => n.key)).toEqual([`compel:${compelId}`]);
    expect(toasts.items).toEqual([]);

    giveFatePoints(t, tam, 1);
    attention.update(t.view());
    expect(attention.badge('characters')).toBe(1);
    expect(toasts.items.at(-1)?.text).toBe('The GM gave Tam a fate point.');

    // Accepting answers the compel: its badge goes; looking at Characters clears that notice.
    t.ok(bob, { type: 'compel.accept', compelId });
    attention.update(t.view());
    expect(attention.badge('scene')).toBe(0);
    attention.visit('characters');
    expect(attention.badge('characters')).toBe(0);

    // A notice on the tab in front needs no badge; the toast still says it.
    giveFatePoints(t, tam, 2);
    attention.update(t.view());
    expect(attention.badge('characters')).toBe(0);
    expect(toasts.items.at(-1)?.text).toMatch(/The GM gave Tam 2 fate points\./);
  });

  it('a defence toast closes by itself once the GM rolls it for the player', () => {
    const { t, bob, tam, brute } = sceneTable();
    const { toasts, went, attention } = attend(t, bob);
    const rollId = attack(t, GM, brute, tam);
    attention.update(t.view());
    expect(toasts.items.map((x) => [x.text, x.action?.label])).toEqual([
      ['Tam must defend against Brute: roll the defence.', 'Defend'],
    ]);
    expect(attention.badge('dice')).toBe(1);
    expect(attention.badge('scene')).toBe(0);
    toasts.act(toasts.items[0]!.id);
    expect(went.map((n) => n.key)).toEqual([`defence:${rollId}`]);

    // Another attack; Bob is away and the GM rolls it for him: the toast goes by itself.
    const again = attack(t, GM, brute, tam);
    attention.update(t.view());
    expect(toasts.items).toHaveLength(1);
    t.ok(GM, { type: 'defend', rollId, skillId: 'athletics' });
    t.ok(GM, { type: 'defend', rollId: again, skillId: 'athletics' });
    attention.update(t.view());
    expect(toasts.items.filter((x) => x.text.includes('defence'))).toEqual([]);
    expect(attention.open.filter((n) => n.kind === 'defence')).toEqual([]);
  });

  it('on a phone, going to the tab that holds a need closes its toast but keeps the badge', () => {
    const { t, bob, tam, brute } = sceneTable();
    const { toasts, attention } = attend(t, bob);
    attention.visit('scene');
    attack(t, GM, brute, tam);
    attention.update(t.view());
    expect(toasts.items.map((x) => x.action?.label)).toEqual(['Defend']);
    // Bob taps the Dice tab himself rather than the toast: the prompt is in front of him.
    attention.visit('dice');
    expect(toasts.items).toEqual([]);
    expect(attention.badge('dice')).toBe(1);
    // Later changes do not bring the toast back while the defence still waits.
    attention.update(t.view());
    attention.visit('log');
    attention.update(t.view());
    expect(toasts.items).toEqual([]);
    expect(attention.badge('dice')).toBe(1);
  });

  it('takes its list of rules: a new rule adds a kind', () => {
    const { t, bob, tam } = sceneTable();
    const custom = (view: ReturnType<typeof t.view>) =>
      view.compels.map((c) => ({
        key: `custom:${c.id}`,
        kind: 'compel' as const,
        tab: 'dice' as const,
        text: 'Something to do',
        action: 'Do it',
        focus: ['form'],
      }));
    const { toasts, attention } = attend(t, bob, { tab: null, rules: [custom] });
    const compelId = String(
      t.ok(GM, { type: 'compel.offer', characterId: tam, text: 'Trouble' }).compelId,
    );
    attention.update(t.view());
    expect(toasts.items.map((x) => x.text)).toEqual(['Something to do']);
    expect(attention.badge('dice')).toBe(1);
    expect(attention.badge('scene')).toBe(0);
    t.ok(GM, { type: 'compel.withdraw', compelId });
    attention.update(t.view());
    expect(toasts.items).toEqual([]);
    expect(attention.badge('dice')).toBe(0);
  });
});
