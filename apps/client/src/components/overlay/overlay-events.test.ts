import { describe, expect, it } from 'vitest';
import { OverlayFeed, seenOf, overlayEventsSince, type Timers } from './overlay-events.svelte';
import { GM, landHit, overcome, sceneTable } from '../../lib/test/play';

/** Timers run by hand: `advance(ms)` fires what is due. */
function manualTimers(): Timers & { advance(ms: number): void } {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    set(fn, ms) {
      const id = next++;
      due.set(id, { at: now + ms, fn });
      return id;
    },
    clear(handle) {
      due.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [id, t] of [...due]) {
        if (t.at <= now) {
          due.delete(id);
          t.fn();
        }
      }
    },
  };
}

/** A result in players' words: a miss says by how much, a tie has no shifts. */
const RESULT = /^(fail( \(short by \d+\))?|tie|success( with style)? \(\d+ shifts?\))$/;

describe('overlay events from the document', () => {
  it('turns a played scene into aspect, roll, compel, fate point, stress and taken-out events', () => {
    const { t, ann, bob, zira, tam, brute } = sceneTable();
    const start = seenOf(t.view());

    const aspectId = String(
      t.ok(GM, { type: 'aspect.add', kind: 'situation', text: 'On fire' }).aspectId,
    );
    t.ok(GM, { type: 'spotlight.push', ref: { aspectId } });
    const rollId = overcome(t, ann, zira, 2);
    const compelId = String(
      t.ok(GM, { type: 'compel.offer', characterId: tam, text: 'The roof caves in' }).compelId,
    );
    t.ok(bob, { type: 'compel.accept', compelId });
    const before = t.view().characters.find((c) => c.id === tam)!.fatePoints;
    t.ok(GM, {
      type: 'gm.adjust',
      adjust: { what: 'fate-points', characterId: tam, value: before + 1 },
    });
    t.ok(GM, {
      type: 'gm.adjust',
      adjust: { what: 'skill', characterId: tam, skillId: 'fight', rating: 3 },
    });
    landHit(t, brute, tam);

    const view = t.view();
    const events = overlayEventsSince(view, start);
    const kinds = events.map((e) => e.kind);
    expect(kinds.slice(0, 5)).toEqual(['aspect', 'roll', 'compel', 'compel', 'fate']);
    expect(events[0]).toMatchObject({ kind: 'aspect', text: 'On fire' });

    const roll = view.rolls.find((r) => r.id === rollId)!;
    expect(events[1]!.roll).toEqual({
      who: 'Zira',
      faces: roll.actor.faces,
      total: roll.actor.total,
      ladder: roll.actor.label,
      difficulty: 'Fair (+2)',
      result: expect.stringMatching(RESULT) as string,
    });
    expect(events[1]!.roll!.faces).toHaveLength(4);
    expect(events[2]!.text).toContain('The roof caves in');
    expect(events[3]!.text).toMatch(/Tam accepted/);
    expect(events[4]!.text).toBe('The GM gave Tam a fate point.');
    // A skill adjustment is no news for a stream.
    expect(events.some((e) => e.text.includes('Fight'))).toBe(false);

    // Tam takes the hit on stress, then the next hit takes Tam out.
    const hit = view.rolls.find((r) => r.hit?.characterId === tam)!;
    const since = seenOf(view);
    t.ok(GM, { type: 'absorb', characterId: tam, rollId: hit.id, option: 0 });
    const absorbed = overlayEventsSince(t.view(), since);
    expect(absorbed.map((e) => e.kind)).toEqual(['harm']);
    expect(absorbed[0]!.text).toMatch(/^Tam absorbed/);

    const later = seenOf(t.view());
    landHit(t, brute, tam);
    t.ok(GM, { type: 'taken-out', characterId: tam });
    const out = overlayEventsSince(t.view(), later);
    expect(out.at(-1)).toMatchObject({ kind: 'out' });
    expect(out.at(-1)!.text).toContain('Tam');
  });

  it('shows an attack waiting for its defence, then again with both sides and the outcome', () => {
    const { t, bob, tam, brute } = sceneTable();
    const timers = manualTimers();
    const feed = new OverlayFeed(t.view(), 5000, timers);
    const rollId = String(
      t.ok(GM, {
        type: 'roll',
        characterId: brute,
        skillId: 'fight',
        action: 'attack',
        defender: tam,
      }).rollId,
    );
    feed.update(t.view());
    expect(feed.events.map((e) => e.kind)).toEqual(['conflict', 'roll']);
    expect(feed.events[0]!.text).toBe('A conflict started: Brute attacked Tam.');
    const waiting = feed.events[1]!;
    expect(waiting.key).toBe(`roll:${rollId}`);
    expect(waiting.roll).toMatchObject({ who: 'Brute', result: 'Tam rolls to defend' });
    expect(waiting.roll!.against).toBeUndefined();

    t.ok(bob, { type: 'defend', rollId, skillId: 'athletics' });
    feed.update(t.view());
    const rolls = feed.events.filter((e) => e.kind === 'roll');
    expect(rolls).toHaveLength(1);
    const roll = t.view().rolls.find((r) => r.id === rollId)!;
    expect(rolls[0]!.roll).toEqual({
      who: 'Brute',
      faces: roll.actor.faces,
      total: roll.actor.total,
      ladder: roll.actor.label,
      against: {
        who: 'Tam',
        faces: roll.opposition!.faces,
        total: roll.opposition!.total,
        ladder: roll.opposition!.label,
      },
      result: expect.stringMatching(RESULT) as string,
    });
    feed.destroy();
  });

  it('a concession ends the attacks that awaited the conceder’s defence', () => {
    const { t, ann, bob, zira, tam, brute } = sceneTable();
    const timers = manualTimers();
    const feed = new OverlayFeed(t.view(), 5000, timers);
    const attack = (characterId: string, defender: string) =>
      String(
        t.ok(GM, { type: 'roll', characterId, skillId: 'fight', action: 'attack', defender })
          .rollId,
      );
    const onTam = attack(brute, tam);
    const onZira = attack(brute, zira);
    feed.update(t.view());
    expect(feed.events.filter((e) => e.kind === 'roll').map((e) => e.roll!.result)).toEqual([
      'Tam rolls to defend',
      'Zira rolls to defend',
    ]);
    t.ok(bob, { type: 'concede', characterId: tam, rollId: onTam });
    feed.update(t.view());
    // Tam's attack no longer says it waits for him; Zira's still waits for her.
    expect(feed.events.map((e) => e.key)).not.toContain(`roll:${onTam}`);
    expect(feed.events.map((e) => e.key)).toContain(`roll:${onZira}`);
    expect(feed.events.at(-1)).toMatchObject({ kind: 'out' });
    expect(feed.events.at(-1)!.text).toMatch(/^Tam conceded/);
    t.ok(ann, { type: 'defend', rollId: onZira, skillId: 'athletics' });
    feed.update(t.view());
    expect(feed.events.find((e) => e.key === `roll:${onZira}`)!.roll!.result).toMatch(RESULT);
    feed.destroy();
  });

  it('names a stunt and a helper under the roller’s total [CORE-STUNT-1] [CORE-TEAMWORK-1]', () => {
    const { t, ann, bob, zira, tam } = sceneTable();
    t.ok(ann, {
      type: 'character.update',
      characterId: zira,
      changes: { stunts: [{ id: 'roof', name: 'Roofrunner', text: '+2 to Athletics to leap.' }] },
    });
    // Tam helps once Bob says yes.
    const { requestId } = t.ok(ann, {
      type: 'help.ask',
      characterId: zira,
      helperId: tam,
      skillId: 'athletics',
    });
    t.ok(bob, { type: 'help.answer', requestId: String(requestId), accept: true });
    const start = seenOf(t.view());
    t.ok(ann, {
      type: 'roll',
      characterId: zira,
      skillId: 'athletics',
      action: 'overcome',
      difficulty: 4,
      stunts: ['roof'],
      helpers: [tam],
    });
    const roll = overlayEventsSince(t.view(), start).find((e) => e.kind === 'roll')?.roll;
    expect(roll?.bonuses).toBe('Roofrunner (stunt) +2, help from Tam +1');
    // A roll with nothing added says nothing more.
    const next = seenOf(t.view());
    t.ok(ann, { type: 'roll', characterId: zira, skillId: 'athletics', action: 'overcome' });
    const plain = overlayEventsSince(t.view(), next).find((e) => e.kind === 'roll')?.roll;
    expect(plain).toBeDefined();
    expect(plain).not.toHaveProperty('bonuses');
  });

  it('shows each event for its lifetime, replaces a re-shown roll, and starts after what was there', () => {
    const { t, ann, zira } = sceneTable();
    const aspectId = String(
      t.ok(GM, { type: 'aspect.add', kind: 'situation', text: 'Old news' }).aspectId,
    );
    t.ok(GM, { type: 'spotlight.push', ref: { aspectId } });
    const timers = manualTimers();
    const feed = new OverlayFeed(t.view(), 5000, timers);
    feed.update(t.view());
    expect(feed.aspect).toBeNull();

    const rollId = overcome(t, ann, zira, 1);
    feed.update(t.view());
    expect(feed.events.map((e) => e.key)).toEqual([`roll:${rollId}`]);
    timers.advance(3000);
    // Zira invokes her high concept: the invoke shows, and the roll shows again with its new total.
    const character = t.view().characters.find((c) => c.id === zira)!;
    t.ok(ann, {
      type: 'invoke',
      rollId,
      ref: { characterId: zira, aspectId: character.aspects[0]!.id },
      free: false,
      effect: '+2',
    });
    feed.update(t.view());
    expect(feed.events.map((e) => e.kind)).toEqual(['invoke', 'roll']);
    const shown = feed.events[1]!.roll!;
    expect(shown.total).toBe(t.view().rolls.find((r) => r.id === rollId)!.actor.total);
    timers.advance(4000);
    // The first showing's timer was replaced: the roll stays its full lifetime after the invoke.
    expect(feed.events).toHaveLength(2);
    timers.advance(1000);
    expect(feed.events).toHaveLength(0);

    t.ok(GM, { type: 'spotlight.push', ref: { aspectId } });
    feed.update(t.view());
    expect(feed.aspect?.text).toBe('Old news');
    timers.advance(5000);
    expect(feed.aspect).toBeNull();
    feed.destroy();
  });

  it('keeps at most four events on screen, dropping the oldest', () => {
    const { t } = sceneTable();
    const timers = manualTimers();
    const feed = new OverlayFeed(t.view(), 5000, timers);
    const tam = t.view().characters.find((c) => c.name === 'Tam')!;
    for (let value = 1; value <= 6; value++) {
      t.ok(GM, {
        type: 'gm.adjust',
        adjust: { what: 'fate-points', characterId: tam.id, value: tam.fatePoints + value },
      });
    }
    feed.update(t.view());
    expect(feed.events).toHaveLength(4);
    expect(feed.events.every((e) => e.kind === 'fate')).toBe(true);
    expect(feed.events.at(-1)!.key).toBe(`n${seenOf(t.view()).n}`);
    feed.destroy();
  });
});

describe('overlay events in another language', () => {
  it('says each sentence in the reader’s language, as the log does', async () => {
    const { languageReady, setLocale } = await import('../../lib/i18n');
    const { t, ann, bob, zira, tam } = sceneTable();
    const start = seenOf(t.view());
    overcome(t, ann, zira, 2);
    const compelId = String(
      t.ok(GM, { type: 'compel.offer', characterId: tam, text: 'O teto desaba' }).compelId,
    );
    t.ok(bob, { type: 'compel.accept', compelId });
    setLocale('pt-BR');
    try {
      await languageReady();
      const texts = overlayEventsSince(t.view(), start).map((e) => e.text);
      expect(texts.join(' | ')).toContain('aceitou ser forçado');
      expect(texts.join(' | ')).not.toMatch(/Compel offered|accepted the compel/);
      // The roll's total on the ladder too, and its difficulty: "Razoável (+2)", not "Fair (+2)".
      const roll = overlayEventsSince(t.view(), start).find((e) => e.roll)?.roll;
      expect(roll?.difficulty).toBe('Razoável (+2)');
      expect(roll?.ladder).not.toMatch(/Great|Good|Fair|Average|Mediocre|Poor|Terrible|Superb/);
    } finally {
      setLocale('en');
    }
  });
});
