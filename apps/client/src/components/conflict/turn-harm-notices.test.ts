import { describe, expect, it } from 'vitest';
import { rulesetById, type RulesetId } from '@fateboard/rules';
import type { Actor } from '@fateboard/table';
import type { Me } from '../shell/needs';
import { turnAndHarmNotices, turnHarmMark } from './turn-harm-notices';
import { asMe, attend } from '../shell/needs-fixture';
import { GM, sceneTable, type PlayTable } from '../../lib/test/play';

const gmMe: Me = { role: 'gm', seatId: null };
const spectator: Me = { role: 'spectator', seatId: null };

/** Each person's notices between two looks: `look()` marks, `since()` says what is new. */
function watch(t: PlayTable, people: Record<string, Me>) {
  let marks = Object.fromEntries(
    Object.entries(people).map(([k, me]) => [k, turnHarmMark(t.view(), me)]),
  );
  return {
    look() {
      marks = Object.fromEntries(
        Object.entries(people).map(([k, me]) => [k, turnHarmMark(t.view(), me)]),
      );
    },
    since(): Record<string, string[]> {
      const out = Object.fromEntries(
        Object.entries(people).map(([k, me]) => [
          k,
          turnAndHarmNotices(marks[k]!, t.view(), me).map((n) => `${n.kind}@${n.tab}: ${n.text}`),
        ]),
      );
      this.look();
      return out;
    },
  };
}

/** `by` absorbs a 2-shift hit on the character with its mild consequence, named `text`. */
function takeMild(t: PlayTable, by: Actor, characterId: string, text: string): void {
  const c = t.view().characters.find((x) => x.id === characterId)!;
  const options = rulesetById(c.ruleset)!.absorptionOptions(c, { shifts: 2, kind: 'physical' });
  const option = options.findIndex((o) => !o.stress && o.consequences.join() === 'mild');
  expect(option).toBeGreaterThanOrEqual(0);
  t.ok(by, { type: 'absorb', characterId, shifts: 2, option, names: { mild: text } });
}

describe('your turn', () => {
  it('tells a character’s player when the turn order reaches it, once a turn', () => {
    const { t, ann, bob, zira, tam, brute } = sceneTable();
    const thug = String(
      t.ok(GM, { type: 'character.create', character: { name: 'Thug' }, npc: true }).characterId,
    );
    const w = watch(t, { ann: asMe(ann), bob: asMe(bob), gm: gmMe, spectator });
    t.ok(GM, { type: 'conflict.start', order: [tam, zira, brute, thug] });
    // Tam acts first: Bob is told; the GM started it and knows.
    expect(w.since()).toEqual({
      ann: [],
      bob: ['turn@scene: Your turn: Tam acts.'],
      gm: [],
      spectator: [],
    });
    // The GM moves the order round while Tam acts: still the same turn, nothing new.
    t.ok(GM, { type: 'conflict.order', order: [zira, tam, brute, thug] });
    expect(w.since().bob).toEqual([]);
    // Bob ends Tam's turn: the Brute acts. The turn came to an NPC from a player's character,
    // so the GM is told.
    t.ok(bob, { type: 'conflict.next' });
    expect(w.since()).toEqual({
      ann: [],
      bob: [],
      gm: ['turn@scene: Your turn: Brute acts.'],
      spectator: [],
    });
    // The GM moves on from one NPC to the next: the GM did it, no news.
    t.ok(GM, { type: 'conflict.next' });
    expect(w.since()).toMatchObject({ gm: [], ann: [], bob: [] });
    // The next exchange: Zira first, so Ann is told, in exchange 2 as in 1.
    t.ok(GM, { type: 'conflict.next' });
    expect(w.since()).toMatchObject({ ann: ['turn@scene: Your turn: Zira acts.'], gm: [] });
    t.ok(GM, { type: 'conflict.end' });
    expect(w.since()).toMatchObject({ ann: [], bob: [], gm: [] });
    // A conflict that Bob's attack begins: Tam acts first, which Bob knows, having attacked.
    t.ok(bob, {
      type: 'roll',
      characterId: tam,
      skillId: 'fight',
      action: 'attack',
      defender: zira,
    });
    expect(w.since()).toMatchObject({ ann: [], bob: [], gm: [] });
    t.ok(bob, { type: 'conflict.next' });
    expect(w.since()).toMatchObject({ ann: ['turn@scene: Your turn: Zira acts.'], bob: [] });
    // A turn already in front when the screen opens is not news.
    expect(turnAndHarmNotices(turnHarmMark(t.view(), asMe(ann)), t.view(), asMe(ann))).toEqual([]);
  });

  it('badges the Scene tab on a phone until seen, and the toast goes to the acting row', () => {
    const { t, bob, tam, zira } = sceneTable();
    const { toasts, went, attention } = attend(t, bob, { tab: 'dice' });
    t.ok(GM, { type: 'conflict.start', order: [tam, zira] });
    attention.update(t.view());
    attention.update(t.view());
    expect(toasts.items.map((x) => [x.text, x.action?.label])).toEqual([
      ['Your turn: Tam acts.', 'Show'],
    ]);
    expect(attention.badge('scene')).toBe(1);
    toasts.act(toasts.items[0]!.id);
    expect(went.flatMap((n) => n.focus)[0]).toBe('[data-testid="turn"][aria-current="step"]');
    attention.visit('scene');
    expect(attention.badge('scene')).toBe(0);
  });
});

describe('harm someone else put on my character', () => {
  it('fate-core: the GM’s consequence on Tam tells Bob, naming it and who gave it', () => {
    const { t, ann, bob, zira, tam } = sceneTable();
    const w = watch(t, { ann: asMe(ann), bob: asMe(bob), gm: gmMe, spectator });
    t.ok(GM, {
      type: 'consequence.take',
      characterId: tam,
      slotId: 'moderate',
      text: 'Cracked Ribs',
    });
    expect(w.since()).toEqual({
      ann: [],
      bob: ['harm@characters: The GM gave Tam a moderate consequence: “Cracked Ribs”.'],
      gm: [],
      spectator: [],
    });
    // The GM absorbs a hit for Zira with a mild consequence: Ann is told; Bob is not.
    takeMild(t, GM, zira, 'Bruised knuckles');
    expect(w.since()).toMatchObject({
      ann: ['harm@characters: The GM gave Zira a mild consequence: “Bruised knuckles”.'],
      bob: [],
    });
    // Bob takes his own hit: he chose it, no news to him.
    takeMild(t, bob, tam, 'Winded');
    expect(w.since()).toMatchObject({ ann: [], bob: [], gm: [] });
  });

  // Edgerunner's consequences are taken only by choice, by the character's controller
  // [ER-CONSEQ-2]: the GM never puts one on a player's character there.
  it.each<[RulesetId, string]>([
    ['pirates', 'moderate'],
    ['fate-core', 'severe'],
  ])('%s: a consequence the GM absorbs for a player’s character tells its player', (id, slot) => {
    const { t, bob, tam } = sceneTable(id);
    const w = watch(t, { bob: asMe(bob), gm: gmMe });
    const c = t.view().characters.find((x) => x.id === tam)!;
    const value = c.consequences.find((s) => s.id === slot)!.value;
    // A hit that the slot absorbs alone (edgerunner's slots absorb as their shifts say).
    const shifts = Math.max(1, value);
    const options = rulesetById(id)!.absorptionOptions(c, { shifts, kind: 'physical' });
    const option = options.findIndex((o) => o.consequences.includes(slot));
    expect(option).toBeGreaterThanOrEqual(0);
    t.ok(GM, {
      type: 'absorb',
      characterId: tam,
      shifts,
      option,
      names: Object.fromEntries(options[option]!.consequences.map((s) => [s, 'Sea legs gone'])),
    });
    const said = w.since();
    expect(said.gm).toEqual([]);
    expect(said.bob).toContain(
      `harm@characters: The GM gave Tam a ${slot} consequence: “Sea legs gone”.`,
    );
  });

  it('narrative: the levels the GM takes off a character’s aspects, for its player', () => {
    const { t, ann, bob, zira } = sceneTable('narrative');
    const w = watch(t, { ann: asMe(ann), bob: asMe(bob) });
    const before = t.view().characters.find((x) => x.id === zira)!;
    t.ok(GM, { type: 'absorb', characterId: zira, shifts: 2, option: 0 });
    const after = t.view().characters.find((x) => x.id === zira)!;
    const lowered = after.aspects.filter(
      (a) => a.rating! < before.aspects.find((b) => b.id === a.id)!.rating!,
    );
    expect(lowered.length).toBeGreaterThan(0);
    const said = w.since();
    expect(said.bob).toEqual([]);
    expect(said.ann).toHaveLength(1);
    expect(said.ann![0]).toMatch(/^harm@characters: The GM lowered Zira’s aspects: “.+” -\d/);
    for (const a of lowered) expect(said.ann![0]).toContain(`“${a.text}”`);
  });
});
