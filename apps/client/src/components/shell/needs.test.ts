import { describe, expect, it } from 'vitest';
import { openNeeds, type Me } from './needs';
import { markOf, noticesSince } from './notices';
import { asMe, attack, giveFatePoints } from './needs-fixture';
import { GM, landHit, sceneTable } from '../../lib/test/play';

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
    giveFatePoints(t, tam, 1);
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
