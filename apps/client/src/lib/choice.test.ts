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
