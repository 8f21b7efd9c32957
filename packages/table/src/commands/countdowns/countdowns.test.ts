import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readGm, readTable } from '../../doc/views';
import type { TestTable } from '../../test/harness';
import { GM, SPECTATOR, refused, sceneTable } from '../../test/harness';
import { COUNTDOWN_LIMIT } from './store';

// Countdowns, part of the table's feel: "The GM creates a countdown (name, boxes, what
// happens when it fills), public or hidden, ticks it, and every screen and the overlay show
// it; it can be tied to exchanges of a conflict." They are the Fate Adversary Toolkit's
// "countdown tracks" (Fate System Toolkit, "Countdowns"): a row of boxes ticked as a trigger
// comes due, and when the last box is ticked the outcome happens. None of the four source
// texts in shared/seeds has countdowns, so the issue is the specification here.

const REINFORCEMENTS = {
  type: 'countdown.add',
  name: 'Reinforcements arrive',
  boxes: 4,
  trigger: 'A squad of marines storms the docks',
  perExchange: true,
};
const SECRET = {
  type: 'countdown.add',
  name: 'Cult ritual completes',
  boxes: 3,
  trigger: 'The bridge collapses into the river',
  hidden: true,
};

const pub = (t: TestTable) => readTable(t.docs.pub).countdowns;
const hidden = (t: TestTable) => readGm(t.docs.gm).countdowns;
const logTexts = (t: TestTable) => readTable(t.docs.pub).log.map((e) => e.text);
const publicBytes = (t: TestTable) => new TextDecoder().decode(Y.encodeStateAsUpdate(t.docs.pub));

describe('countdown.add', () => {
  it('makes a public countdown in the public document, logged', () => {
    const { t } = sceneTable();
    const { countdownId } = t.ok(GM, REINFORCEMENTS);
    expect(pub(t)).toEqual([
      {
        id: countdownId,
        name: 'Reinforcements arrive',
        boxes: 4,
        filled: 0,
        trigger: 'A squad of marines storms the docks',
        perExchange: true,
        at: t.now,
      },
    ]);
    expect(hidden(t)).toEqual([]);
    expect(logTexts(t).at(-1)).toBe(
      'Countdown "Reinforcements arrive" started: 4 boxes, one box per exchange.',
    );
  });

  it('refuses a player and a spectator (GM only), changing nothing', () => {
    const { t, ann } = sceneTable();
    refused(t, ann, REINFORCEMENTS, 'forbidden');
    refused(t, SPECTATOR, REINFORCEMENTS, 'forbidden');
  });

  it('refuses 0 or 11 boxes, an empty trigger and a control character in the name', () => {
    const { t } = sceneTable();
    refused(t, GM, { ...REINFORCEMENTS, boxes: 0 }, 'bad-command');
    refused(t, GM, { ...REINFORCEMENTS, boxes: 11 }, 'bad-command');
    refused(t, GM, { ...REINFORCEMENTS, trigger: '   ' }, 'bad-command');
    refused(t, GM, { ...REINFORCEMENTS, name: 'Bad\u0000name' }, 'bad-command');
  });

  it('keeps a hidden countdown out of the public document: not a byte of it', () => {
    const { t } = sceneTable();
    const before = publicBytes(t);
    const { countdownId } = t.ok(GM, SECRET);
    expect(publicBytes(t)).toBe(before);
    expect(hidden(t).map((c) => c.id)).toEqual([countdownId]);
    t.ok(GM, { type: 'countdown.tick', countdownId, by: 1 });
    t.ok(GM, { type: 'countdown.edit', countdownId, boxes: 2 });
    t.ok(GM, { type: 'countdown.tick', countdownId, by: 1 });
    expect(hidden(t)[0]).toMatchObject({ filled: 2, boxes: 2 });
    // Filling it wrote no line either: the public document is still byte for byte the same.
    expect(publicBytes(t)).toBe(before);
    const text = publicBytes(t);
    expect(text).not.toContain('Cult ritual');
    expect(text).not.toContain('bridge collapses');
  });
});

describe('countdown.tick', () => {
  it('fills box by box, logs the trigger once when full, then stays full', () => {
    const { t } = sceneTable();
    const { countdownId } = t.ok(GM, REINFORCEMENTS);
    for (let i = 0; i < 4; i++) t.ok(GM, { type: 'countdown.tick', countdownId, by: 1 });
    expect(pub(t)[0]).toMatchObject({ filled: 4, boxes: 4 });
    const fills = () =>
      logTexts(t).filter((x) => x.includes('filled: A squad of marines storms the docks'));
    expect(fills()).toEqual([
      'Countdown "Reinforcements arrive" filled: A squad of marines storms the docks',
    ]);
    // Full stays full: one more tick is refused, and nothing logs the trigger again.
    refused(t, GM, { type: 'countdown.tick', countdownId, by: 1 }, 'invalid');
    expect(fills()).toHaveLength(1);
  });

  it('goes back one box, but not below none', () => {
    const { t } = sceneTable();
    const { countdownId } = t.ok(GM, REINFORCEMENTS);
    refused(t, GM, { type: 'countdown.tick', countdownId, by: -1 }, 'invalid');
    t.ok(GM, { type: 'countdown.tick', countdownId, by: 1 });
    t.ok(GM, { type: 'countdown.tick', countdownId, by: -1 });
    expect(pub(t)[0]!.filled).toBe(0);
    expect(logTexts(t).at(-1)).toBe('Countdown Reinforcements arrive: 0 of 4.');
  });

  it('refuses a player, a tick of 2 and an unknown countdown', () => {
    const { t, ann } = sceneTable();
    const { countdownId } = t.ok(GM, REINFORCEMENTS);
    refused(t, ann, { type: 'countdown.tick', countdownId, by: 1 }, 'forbidden');
    refused(t, GM, { type: 'countdown.tick', countdownId, by: 2 }, 'bad-command');
    refused(t, GM, { type: 'countdown.tick', countdownId: 'nope', by: 1 }, 'not-found');
  });
});

describe('countdowns tied to exchanges ("it can be tied to exchanges of a conflict")', () => {
  it('tick once each time conflict.next wraps the turn order, and fill once', () => {
    const { t, a, b, npc } = sceneTable();
    const { countdownId } = t.ok(GM, REINFORCEMENTS);
    const untied = t.ok(GM, { ...REINFORCEMENTS, name: 'Tide', perExchange: false }).countdownId;
    const secret = t.ok(GM, { ...SECRET, perExchange: true }).countdownId;
    const before = publicBytes(t);
    expect(before).not.toContain('Cult ritual');
    t.ok(GM, { type: 'conflict.start', order: [a, b, npc] });
    const exchange = () => {
      for (let turn = 0; turn < 3; turn++) t.ok(GM, { type: 'conflict.next' });
    };
    // Turns within an exchange do not tick it; the order wrapping around does.
    t.ok(GM, { type: 'conflict.next' });
    expect(pub(t)[0]!.filled).toBe(0);
    t.ok(GM, { type: 'conflict.next' });
    t.ok(GM, { type: 'conflict.next' });
    expect(readTable(t.docs.pub).conflict.round).toBe(2);
    expect(pub(t).find((c) => c.id === countdownId)!.filled).toBe(1);
    expect(pub(t).find((c) => c.id === untied)!.filled).toBe(0);
    expect(hidden(t).find((c) => c.id === secret)!.filled).toBe(1);
    for (let i = 0; i < 5; i++) exchange();
    expect(pub(t).find((c) => c.id === countdownId)!.filled).toBe(4);
    expect(hidden(t).find((c) => c.id === secret)!.filled).toBe(3);
    const fills = logTexts(t).filter((x) =>
      x.startsWith('Countdown "Reinforcements arrive" filled'),
    );
    expect(fills).toHaveLength(1);
    // The hidden one ticked and filled in the GM document alone.
    expect(publicBytes(t)).not.toContain('Cult ritual');
    expect(publicBytes(t)).not.toContain('bridge collapses');
  });

  it('tick when the exchange’s last to act leaves the order (taken out), not otherwise', () => {
    const { t, a, b, npc } = sceneTable();
    t.ok(GM, REINFORCEMENTS);
    t.ok(GM, { type: 'conflict.start', order: [a, b, npc] });
    // Brute, not acting, is taken out: the exchange goes on, nothing ticks.
    t.ok(GM, { type: 'taken-out', characterId: npc });
    expect(pub(t)[0]!.filled).toBe(0);
    t.ok(GM, { type: 'conflict.next' });
    // Tam acts last in this exchange and is taken out: the order wraps, a new exchange.
    t.ok(GM, { type: 'taken-out', characterId: b });
    expect(readTable(t.docs.pub).conflict.round).toBe(2);
    expect(pub(t)[0]!.filled).toBe(1);
    expect(logTexts(t).slice(-2)).toEqual([
      'Tam was taken out.',
      'Countdown Reinforcements arrive: 1 of 4.',
    ]);
  });

  it('lets a player end their own turn, ticking the tied countdown at the wrap', () => {
    const { t, ann, a } = sceneTable();
    t.ok(GM, REINFORCEMENTS);
    t.ok(GM, { type: 'conflict.start', order: [a] });
    t.ok(ann, { type: 'conflict.next' });
    expect(pub(t)[0]!.filled).toBe(1);
  });
});

describe('countdown.edit, reveal and remove', () => {
  it('edits fields, resets with filled 0, and logs a fill made by fewer boxes', () => {
    const { t } = sceneTable();
    const { countdownId } = t.ok(GM, REINFORCEMENTS);
    t.ok(GM, { type: 'countdown.tick', countdownId, by: 1 });
    t.ok(GM, { type: 'countdown.tick', countdownId, by: 1 });
    t.ok(GM, { type: 'countdown.edit', countdownId, boxes: 2, trigger: 'Marines land' });
    expect(pub(t)[0]).toMatchObject({ boxes: 2, filled: 2, trigger: 'Marines land' });
    expect(logTexts(t).at(-1)).toBe('Countdown "Reinforcements arrive" filled: Marines land');
    t.ok(GM, { type: 'countdown.edit', countdownId, filled: 0 });
    expect(pub(t)[0]!.filled).toBe(0);
    refused(t, GM, { type: 'countdown.edit', countdownId, filled: 3 }, 'invalid');
  });

  it('reveals a hidden countdown into the public document, logged, once', () => {
    const { t, ann } = sceneTable();
    const { countdownId } = t.ok(GM, SECRET);
    refused(t, ann, { type: 'countdown.reveal', countdownId }, 'forbidden');
    t.ok(GM, { type: 'countdown.reveal', countdownId });
    expect(hidden(t)).toEqual([]);
    expect(pub(t)[0]).toMatchObject({ id: countdownId, name: 'Cult ritual completes' });
    expect(logTexts(t).at(-1)).toBe('The GM revealed countdown Cult ritual completes: 0 of 3.');
    refused(t, GM, { type: 'countdown.reveal', countdownId }, 'invalid');
  });

  it('reveals a countdown that filled while hidden: the trigger happens now, for everyone', () => {
    const { t } = sceneTable();
    const { countdownId } = t.ok(GM, { ...SECRET, boxes: 1 });
    t.ok(GM, { type: 'countdown.tick', countdownId, by: 1 });
    expect(logTexts(t).join('\n')).not.toContain('Cult ritual');
    t.ok(GM, { type: 'countdown.reveal', countdownId });
    expect(logTexts(t).slice(-2)).toEqual([
      'The GM revealed countdown Cult ritual completes: 1 of 1.',
      'Countdown "Cult ritual completes" filled: The bridge collapses into the river',
    ]);
  });

  it('holds at most 20 countdowns of each kind', () => {
    const { t } = sceneTable();
    for (let i = 0; i < COUNTDOWN_LIMIT; i++) t.ok(GM, { ...REINFORCEMENTS, name: `C${i}` });
    refused(t, GM, REINFORCEMENTS, 'invalid');
    // The GM document has its own room.
    const { countdownId } = t.ok(GM, SECRET);
    refused(t, GM, { type: 'countdown.reveal', countdownId }, 'invalid');
  });

  it('removes public and hidden countdowns; a player may not', () => {
    const { t, ann } = sceneTable();
    const open = t.ok(GM, REINFORCEMENTS).countdownId;
    const secret = t.ok(GM, SECRET).countdownId;
    refused(t, ann, { type: 'countdown.remove', countdownId: open }, 'forbidden');
    t.ok(GM, { type: 'countdown.remove', countdownId: open });
    t.ok(GM, { type: 'countdown.remove', countdownId: secret });
    expect(pub(t)).toEqual([]);
    expect(hidden(t)).toEqual([]);
    expect(logTexts(t).at(-1)).toBe('Countdown "Reinforcements arrive" removed.');
  });
});
