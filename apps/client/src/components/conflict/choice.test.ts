import { describe, expect, it } from 'vitest';
import { Choice, Draft } from './choice.svelte';

const ann = { id: 'ann', name: 'Ann' };
const tam = { id: 'tam', name: 'Tam' };
const zed = { id: 'zed', name: 'Zed' };

describe('Choice', () => {
  it('follows the list until picked, then keeps the pick through reorders and a brief empty list', () => {
    let list = [ann, tam];
    const who = new Choice(() => list);
    expect(who.value).toBe('ann');
    who.value = 'tam';
    // A roll or an edit reorders the characters; a document reload empties them for a moment.
    list = [tam, zed, ann];
    expect(who.value).toBe('tam');
    list = [];
    expect(who.value).toBe('');
    list = [ann, zed, tam];
    expect(who.value).toBe('tam');
    expect(who.gone).toBeNull();
  });

  it('says which subject was deleted instead of jumping to another', () => {
    let list = [ann, tam];
    const who = new Choice(() => list);
    who.value = 'tam';
    list = [ann];
    expect(who.value).toBe('');
    expect(who.gone).toBe('Tam');
    who.value = 'ann';
    expect(who.gone).toBeNull();
    expect(who.value).toBe('ann');
  });

  it('prefers a default (my own character) until picked, and reset goes back to it', () => {
    const list = [ann, tam];
    const target = new Choice(() => list, { preferred: () => 'tam' });
    expect(target.value).toBe('tam');
    target.value = 'ann';
    expect(target.value).toBe('ann');
    target.reset();
    expect(target.value).toBe('tam');
  });

  it('ties a pick to its scope: another character starts its aspect afresh, not as gone', () => {
    let roller = 'ann';
    const aspects: Record<string, { id: string; text: string }[]> = {
      ann: [
        { id: 'a1', text: 'Kung Fu' },
        { id: 'a2', text: 'Spy' },
      ],
      tam: [{ id: 't1', text: 'Gunplay' }],
    };
    const aspect = new Choice(() => aspects[roller] ?? [], { scope: () => roller });
    aspect.value = 'a2';
    roller = 'tam';
    expect(aspect.value).toBe('t1');
    expect(aspect.gone).toBeNull();
    roller = 'ann';
    expect(aspect.value).toBe('a2');
    aspects.ann = [{ id: 'a1', text: 'Kung Fu' }];
    expect(aspect.gone).toBe('Spy');
  });
});

describe('Choice with unusable items (a taken-out character)', () => {
  it('defaults past them, and leaves a pick that becomes unusable for the default', () => {
    const out = new Set<string>(['ann']);
    const who = new Choice(() => [ann, tam, zed], { usable: (id) => !out.has(id) });
    expect(who.value).toBe('tam');
    who.value = 'zed';
    out.add('zed');
    // Zed is taken out: the next roll is not his.
    expect(who.value).toBe('tam');
    expect(who.gone).toBeNull();
  });

  it('keeps a pick made knowingly of an unusable item; all unusable falls on the first', () => {
    const who = new Choice(() => [ann, tam], { usable: (id) => id !== 'ann' });
    who.value = 'ann';
    expect(who.value).toBe('ann');
    const none = new Choice(() => [ann, tam], { usable: () => false });
    expect(none.value).toBe('ann');
  });

  it('stands in for a pick that is off the list but still exists, and gives it back', () => {
    let list = [ann, tam, zed];
    const opponent = new Choice(() => list, { exists: (id) => id === 'tam' });
    opponent.value = 'tam';
    list = [ann, zed]; // Tam became the roller
    expect(opponent.value).toBe('ann');
    expect(opponent.gone).toBeNull();
    list = [ann, tam, zed];
    expect(opponent.value).toBe('tam');
  });

  it('skips an unusable preferred item too', () => {
    const who = new Choice(() => [ann, tam, zed], {
      preferred: () => 'ann',
      usable: (id) => id !== 'ann',
    });
    expect(who.value).toBe('tam');
  });
});

describe('Draft', () => {
  it('shows the source until typed in, then keeps the typed value while the source moves', () => {
    let fatePoints = 3;
    let character = 'ann';
    const value = new Draft(
      () => fatePoints,
      () => character,
    );
    expect(value.value).toBe(3);
    fatePoints = 2;
    expect(value.value).toBe(2);
    value.value = 7;
    fatePoints = 1;
    expect(value.value).toBe(7);
    expect(value.edited).toBe(true);
    // Another character is another subject: start from its value.
    character = 'tam';
    expect(value.value).toBe(1);
    expect(value.edited).toBe(false);
  });
});
