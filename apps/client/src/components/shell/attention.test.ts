import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Actor } from '@fateboard/table';
import { Attention } from './attention.svelte';
import { markOf, noticesSince, openNeeds, type Me, type Need } from './needs';
import { Toasts } from './toasts.svelte';
import { GM, landHit, sceneTable, type PlayTable } from '../../lib/test/play';

/** `by` rolls `attacker`'s Fight to attack `defender`, who must roll a defence. */
const attack = (t: PlayTable, by: Actor, attacker: string, defender: string): string =>
  String(
    t.ok(by, { type: 'roll', characterId: attacker, skillId: 'fight', action: 'attack', defender })
      .rollId,
  );
const asMe = (a: Actor): Me => ({ role: a.role, seatId: a.seatId ?? null });
const gmMe: Me = { role: 'gm', seatId: null };
const spectator: Me = { role: 'spectator', seatId: null };

describe('who is needed', () => {
  it('a hit asks only whoever answers for its target: the player, or the GM for an NPC', () => {
    const { t, ann, bob, zira, tam, brute } = sceneTable();
    t.ok(GM, {
      type: 'gm.adjust',
      adjust: { what: 'skill', characterId: brute, skillId: 'fight', rating: 4 },
    });
    const rollId = landHit(t, brute, tam);
    const view = t.view();
    expect(openNeeds(view, asMe(bob))).toEqual([
      expect.objectContaining({
        key: `hit:${rollId}`,
        kind: 'hit',
        tab: 'dice',
        action: 'Take the hit',
      }),
    ]);
    expect(openNeeds(view, asMe(bob))[0]!.text).toMatch(/^Tam is hit: \d+ shifts? to absorb\.$/);
    expect(openNeeds(view, asMe(ann))).toEqual([]);
    expect(openNeeds(view, gmMe)).toEqual([]);
    expect(openNeeds(view, spectator)).toEqual([]);

    t.ok(GM, {
      type: 'gm.adjust',
      adjust: { what: 'skill', characterId: zira, skillId: 'fight', rating: 4 },
    });
    const onBrute = landHit(t, zira, brute);
    expect(openNeeds(t.view(), gmMe).map((n) => n.key)).toEqual([`hit:${onBrute}`]);
    expect(openNeeds(t.view(), asMe(ann))).toEqual([]);
  });

  it('a compel asks its target’s player; a self-compel asks the GM', () => {
    const { t, ann, bob, zira, tam } = sceneTable();
    const compelId = String(
      t.ok(GM, { type: 'compel.offer', characterId: tam, text: 'The "roof" caves in' }).compelId,
    );
    const need = openNeeds(t.view(), asMe(bob))[0]!;
    expect(need).toMatchObject({ key: `compel:${compelId}`, tab: 'scene', action: 'Answer' });
    expect(need.text).toBe('Compel on Tam: “The "roof" caves in”');
    expect(need.focus).toEqual([`[aria-labelledby="compel-${compelId}"]`]);
    expect(openNeeds(t.view(), asMe(ann))).toEqual([]);
    expect(openNeeds(t.view(), gmMe)).toEqual([]);

    t.ok(ann, { type: 'compel.offer', characterId: zira, text: 'I lose my temper' });
    expect(openNeeds(t.view(), asMe(ann)).map((n) => n.kind)).toEqual([]);
    expect(openNeeds(t.view(), gmMe).map((n) => n.kind)).toEqual(['compel']);
    // Answered: no longer needed.
    t.ok(bob, { type: 'compel.accept', compelId });
    expect(openNeeds(t.view(), asMe(bob))).toEqual([]);
  });

  it('a defence to roll asks the defender’s player, or the GM for an NPC, until rolled', () => {
    const { t, ann, bob, zira, tam, brute } = sceneTable();
    const rollId = attack(t, GM, brute, tam);
    const [need, ...more] = openNeeds(t.view(), asMe(bob));
    expect(more).toEqual([]);
    expect(need).toMatchObject({
      key: `defence:${rollId}`,
      kind: 'defence',
      tab: 'dice',
      text: 'Tam must defend against Brute: roll the defence.',
      action: 'Defend',
    });
    expect(need!.focus[0]).toBe(`[data-testid="defence"][aria-label="Tam's defence"]`);
    // The GM could roll it for an absent Bob, but the one waited on is Bob.
    expect(openNeeds(t.view(), gmMe)).toEqual([]);
    expect(openNeeds(t.view(), asMe(ann))).toEqual([]);
    expect(openNeeds(t.view(), spectator)).toEqual([]);

    t.ok(bob, { type: 'defend', rollId, skillId: 'athletics' });
    expect(openNeeds(t.view(), asMe(bob)).map((n) => n.kind)).not.toContain('defence');

    // Zira's attack on the NPC waits on the GM; conceding instead also answers it.
    const onBrute = attack(t, ann, zira, brute);
    expect(openNeeds(t.view(), gmMe).map((n) => n.key)).toEqual([`defence:${onBrute}`]);
    expect(openNeeds(t.view(), asMe(ann))).toEqual([]);
    t.ok(GM, { type: 'concede', characterId: brute, rollId: onBrute });
    expect(openNeeds(t.view(), gmMe)).toEqual([]);
  });

  it('a fate point or free invoke someone else gives is a notice for its receiver only', () => {
    const { t, ann, bob, zira, tam } = sceneTable();
    const bobMe = asMe(bob);
    let mark = markOf(t.view(), bobMe);
    const annMark = markOf(t.view(), asMe(ann));
    const fp = t.view().characters.find((c) => c.id === tam)!.fatePoints;
    t.ok(GM, {
      type: 'gm.adjust',
      adjust: { what: 'fate-points', characterId: tam, value: fp + 1 },
    });
    t.ok(ann, { type: 'fate-point.give', fromCharacterId: zira, toCharacterId: tam });
    const notices = noticesSince(mark, t.view(), bobMe);
    expect(notices.map((n) => [n.kind, n.tab, n.text])).toEqual([
      ['fate-point', 'characters', 'The GM gave Tam a fate point.'],
      ['fate-point', 'characters', 'Zira gave 1 fate point to Tam.'],
    ]);
    expect(notices[0]!.focus[0]).toBe(
      '[data-testid="character-card"][data-character="Tam"] [data-testid="fate-points"]',
    );
    // Zira's point went out, not in; Ann hears nothing.
    expect(noticesSince(annMark, t.view(), asMe(ann))).toEqual([]);

    // Bob's own acts are no news to Bob: accepting a compel pays him, but he knows.
    mark = markOf(t.view(), bobMe);
    const compelId = String(
      t.ok(GM, { type: 'compel.offer', characterId: tam, text: 'Trouble' }).compelId,
    );
    t.ok(bob, { type: 'compel.accept', compelId });
    expect(noticesSince(mark, t.view(), bobMe)).toEqual([]);

    mark = markOf(t.view(), bobMe);
    t.ok(GM, {
      type: 'aspect.add',
      kind: 'situation',
      text: 'Slick deck',
      freeInvokes: 2,
      owner: bob.seatId,
    });
    const invokes = noticesSince(mark, t.view(), bobMe);
    expect(invokes.map((n) => [n.kind, n.tab, n.text])).toEqual([
      ['free-invoke', 'scene', 'You have 2 free invokes more on “Slick deck”.'],
    ]);
    expect(noticesSince(mark, t.view(), asMe(ann))).toEqual([]);
    expect(noticesSince(mark, t.view(), spectator)).toEqual([]);
  });
});

describe('Attention', () => {
  /** `actor`'s attention on a real table, looking at the Log tab; `went` records each tap. */
  function attend(t: PlayTable, actor: Actor) {
    const toasts = new Toasts(0);
    const went: Need[] = [];
    const attention = new Attention(
      t.view(),
      () => asMe(actor),
      toasts,
      (n) => went.push(n),
    );
    attention.visit('log');
    return { toasts, went, attention };
  }

  afterEach(() => vi.useRealTimers());

  it('an open need’s toast stays on a phone until answered, and passes on a wide screen', () => {
    vi.useFakeTimers();
    const { t, bob, tam } = sceneTable();
    const toastsOn = (tab: 'log' | null) => {
      const toasts = new Toasts(1000);
      const attention = new Attention(
        t.view(),
        () => asMe(bob),
        toasts,
        () => {},
      );
      attention.visit(tab);
      return { toasts, attention };
    };
    const phone = toastsOn('log');
    const wide = toastsOn(null);
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

    const fp = t.view().characters.find((c) => c.id === tam)!.fatePoints;
    t.ok(GM, {
      type: 'gm.adjust',
      adjust: { what: 'fate-points', characterId: tam, value: fp + 1 },
    });
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
    const now = t.view().characters.find((c) => c.id === tam)!.fatePoints;
    t.ok(GM, {
      type: 'gm.adjust',
      adjust: { what: 'fate-points', characterId: tam, value: now + 2 },
    });
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
    const toasts = new Toasts(0);
    const custom = (view: ReturnType<typeof t.view>) =>
      view.compels.map((c) => ({
        key: `custom:${c.id}`,
        kind: 'compel' as const,
        tab: 'dice' as const,
        text: 'Something to do',
        action: 'Do it',
        focus: ['form'],
      }));
    const attention = new Attention(
      t.view(),
      () => asMe(bob),
      toasts,
      () => undefined,
      [custom],
    );
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
