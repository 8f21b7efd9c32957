import { describe, expect, it } from 'vitest';
import { GM, SPECTATOR, refused, sceneTable } from '../../test/harness';
import { readGm, readTable } from '../../doc/views';
import { gmImages, imageReadable, imageUploadRefusal, pubImages } from '../../images/images';
import { MAX_HANDOUTS } from './handouts';

const POSTER = 'a'.repeat(64);
const LETTER = `${'0123456789abcdef'.repeat(4)}`;

describe('handouts', () => {
  it('are the GM’s until pushed; a push shows one on every screen and logs it', () => {
    const { t } = sceneTable(5);
    const { handoutId } = t.ok(GM, { type: 'handout.prepare', image: POSTER, title: 'Wanted' });
    expect(readGm(t.docs.gm).handouts).toEqual([
      { id: handoutId, image: POSTER, title: 'Wanted', at: t.now },
    ]);
    // Prepared: named only in the GM's document, so no player or spectator may read it.
    expect(readTable(t.docs.pub).handout).toBeNull();
    expect(pubImages(t.docs.pub).has(POSTER)).toBe(false);
    expect(gmImages(t.docs.gm).has(POSTER)).toBe(true);
    expect(imageReadable('player', POSTER, t.docs.pub)).toBe(false);
    expect(imageReadable('spectator', POSTER, t.docs.pub)).toBe(false);
    expect(imageReadable('gm', POSTER, t.docs.pub)).toBe(true);

    const pushed = t.ok(GM, { type: 'handout.push', handoutId });
    expect(readTable(t.docs.pub).handout).toEqual({
      id: handoutId,
      image: POSTER,
      title: 'Wanted',
      at: t.now,
    });
    expect(pushed.log?.[0]?.text).toBe('The GM shows a handout: Wanted.');
    expect(imageReadable('spectator', POSTER, t.docs.pub)).toBe(true);
    // Still prepared: the GM may show it again later.
    expect(readGm(t.docs.gm).handouts).toHaveLength(1);

    t.ok(GM, { type: 'handout.clear' });
    expect(readTable(t.docs.pub).handout).toBeNull();
    expect(imageReadable('player', POSTER, t.docs.pub)).toBe(false);
  });

  it('a pushed handout removed is taken off the screens; another one stays', () => {
    const { t } = sceneTable(6);
    const one = t.ok(GM, { type: 'handout.prepare', image: POSTER, title: 'Wanted' }).handoutId;
    const two = t.ok(GM, { type: 'handout.prepare', image: LETTER, title: 'Letter' }).handoutId;
    t.ok(GM, { type: 'handout.push', handoutId: one });
    t.ok(GM, { type: 'handout.remove', handoutId: two });
    expect(readTable(t.docs.pub).handout?.id).toBe(one);
    t.ok(GM, { type: 'handout.remove', handoutId: one });
    expect(readTable(t.docs.pub).handout).toBeNull();
    expect(readGm(t.docs.gm).handouts).toEqual([]);
  });

  it('refuses players, spectators, unknown handouts, bad hashes and the 41st', () => {
    const { t, ann } = sceneTable(7);
    refused(t, ann, { type: 'handout.prepare', image: POSTER, title: 'Mine' }, 'forbidden');
    refused(t, SPECTATOR, { type: 'handout.prepare', image: POSTER, title: 'x' }, 'forbidden');
    const { handoutId } = t.ok(GM, { type: 'handout.prepare', image: POSTER, title: 'Wanted' });
    refused(t, ann, { type: 'handout.push', handoutId }, 'forbidden');
    refused(t, ann, { type: 'handout.clear' }, 'forbidden');
    refused(t, GM, { type: 'handout.push', handoutId: 'nope' }, 'not-found');
    refused(t, GM, { type: 'handout.remove', handoutId: 'nope' }, 'not-found');
    for (const image of [POSTER.toUpperCase(), 'a'.repeat(63), `${'a'.repeat(63)}g`, '']) {
      refused(t, GM, { type: 'handout.prepare', image, title: 'Bad' }, 'bad-command');
    }
    refused(t, GM, { type: 'handout.prepare', image: POSTER, title: ' ' }, 'bad-command');
    for (let i = 1; i < MAX_HANDOUTS; i++) {
      t.ok(GM, { type: 'handout.prepare', image: POSTER, title: `Copy ${i}` });
    }
    refused(t, GM, { type: 'handout.prepare', image: LETTER, title: 'One more' }, 'invalid');
  });
});

describe('adversarial handout titles', () => {
  it('the largest allowed is kept; past it, control and bidi characters, invisible text: a clear refusal, nothing changed', () => {
    const { t } = sceneTable(8);
    const kept = ['x'.repeat(80), '🦜'.repeat(40), '<img src=x onerror=alert(1)>', 'עלון מבוקש'];
    for (const title of kept) {
      const { handoutId } = t.ok(GM, { type: 'handout.prepare', image: POSTER, title });
      expect(readGm(t.docs.gm).handouts.find((h) => h.id === handoutId)?.title).toBe(title);
    }
    const bad: [string, RegExp][] = [
      ['x'.repeat(81), /title must be at most 80 characters/],
      ['x'.repeat(1 << 20), /title must be at most 80 characters/],
      ['Wanted\u0000', /title must not contain a control character \(U\+0000\)/],
      ['\u001b[31mWanted', /control character \(U\+001B\)/],
      ['Wanted\nDead', /line break or tab \(U\+000A\)/],
      ['\u202Egnp.exe', /title must not contain a bidirectional override.*U\+202E/],
      ['Wanted \u2067isolate', /bidirectional override or isolate \(U\+2067\)/],
      ['Wanted\u2028line', /control character \(U\+2028\)/],
      ['\u200B\u200B\u200B', /title must show something/],
      ['\uD800', /title is not valid Unicode/],
    ];
    for (const [title, why] of bad) {
      refused(t, GM, { type: 'handout.prepare', image: POSTER, title }, 'bad-command');
      const out = t.send(GM, { type: 'handout.prepare', image: POSTER, title });
      expect(out.ok ? '' : out.message).toMatch(why);
    }
    expect(readGm(t.docs.gm).handouts).toHaveLength(kept.length);
  });
});

describe('portraits', () => {
  it('a portrait or a map is readable by everyone once the public document names it', () => {
    const { t, ann, a } = sceneTable(8);
    expect(imageReadable('spectator', POSTER, t.docs.pub)).toBe(false);
    t.ok(ann, { type: 'character.portrait', characterId: a, hash: POSTER });
    expect(imageReadable('spectator', POSTER, t.docs.pub)).toBe(true);
    t.ok(GM, { type: 'board.map', hash: LETTER });
    expect(imageReadable('player', LETTER, t.docs.pub)).toBe(true);
    t.ok(ann, { type: 'character.portrait', characterId: a });
    t.ok(GM, { type: 'board.map' });
    expect(imageReadable('player', POSTER, t.docs.pub)).toBe(false);
    expect(imageReadable('player', LETTER, t.docs.pub)).toBe(false);
  });

  it('a hash written anywhere else opens nothing', () => {
    const { t } = sceneTable(10);
    t.ok(GM, { type: 'aspect.add', kind: 'situation', text: POSTER });
    expect(pubImages(t.docs.pub).has(POSTER)).toBe(false);
    expect(imageReadable('player', POSTER, t.docs.pub)).toBe(false);
  });

  it('who may upload what: one function for the server and the client', () => {
    const { t, ann, a, b } = sceneTable(9);
    const owners = (id: string) => readTable(t.docs.pub).characters.find((c) => c.id === id);
    expect(imageUploadRefusal(GM, { kind: 'map' }, owners)).toBeUndefined();
    expect(imageUploadRefusal(GM, { kind: 'portrait', characterId: b }, owners)).toBeUndefined();
    expect(imageUploadRefusal(ann, { kind: 'portrait', characterId: a }, owners)).toBeUndefined();
    expect(imageUploadRefusal(ann, { kind: 'map' }, owners)?.code).toBe('forbidden');
    expect(imageUploadRefusal(ann, { kind: 'handout' }, owners)?.code).toBe('forbidden');
    expect(imageUploadRefusal(ann, { kind: 'portrait', characterId: b }, owners)?.code).toBe(
      'forbidden',
    );
    expect(imageUploadRefusal(ann, { kind: 'portrait' }, owners)?.code).toBe('bad-request');
    expect(imageUploadRefusal(GM, { kind: 'map', characterId: a }, owners)?.code).toBe(
      'bad-request',
    );
    expect(imageUploadRefusal(GM, { kind: 'portrait', characterId: 'x' }, owners)?.code).toBe(
      'not-found',
    );
    expect(imageUploadRefusal(SPECTATOR, { kind: 'map' }, owners)?.code).toBe('forbidden');
    expect(
      imageUploadRefusal({ role: 'player' }, { kind: 'portrait', characterId: a }, owners),
    ).toMatchObject({ code: 'forbidden' });
  });
});
