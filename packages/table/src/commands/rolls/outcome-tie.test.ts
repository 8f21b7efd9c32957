import { describe, expect, it } from 'vitest';
import { readTable } from '../../doc/views';
import { loadDice } from '../../test/dice';
import { refused, rollOf, sceneTable, skillRoll } from '../../test/harness';

/** Ann's create-advantage roll that ties (four blanks against her own total). */
function tiedAdvantage() {
  const s = sceneTable(7);
  const { t, ann, a } = s;
  const roll = (difficulty: number) => {
    loadDice(t, [0, 0, 0, 0]);
    return t.ok(ann, skillRoll(a, 'notice', 'create-advantage', { difficulty })).rollId!;
  };
  const probe = roll(0);
  const total = rollOf(t, probe).actor.total;
  const rollId = roll(total);
  expect(rollOf(t, rollId).outcome).toBe('tie');
  return { ...s, rollId };
}

const boostsOf = (s: ReturnType<typeof tiedAdvantage>) =>
  readTable(s.t.docs.pub).aspects.filter((x) => x.kind === 'boost');

describe('outcome.apply on a create-advantage tie', () => {
  it('takes the boost by its name alone [CORE-CAA-2]', () => {
    const s = tiedAdvantage();
    s.t.ok(s.ann, { type: 'outcome.apply', rollId: s.rollId, boost: 'Off Balance' });
    expect(boostsOf(s).map((b) => b.text)).toEqual(['Off Balance']);
    // Only a boost: no situation or character aspect was made.
    expect(readTable(s.t.docs.pub).aspects.filter((x) => x.text === 'Off Balance')).toHaveLength(1);
  });

  it('takes the new aspect’s text as the boost’s name [CORE-CAA-2]', () => {
    const s = tiedAdvantage();
    s.t.ok(s.ann, { type: 'outcome.apply', rollId: s.rollId, aspect: { text: 'Slick Planks' } });
    expect(boostsOf(s).map((b) => b.text)).toEqual(['Slick Planks']);
    expect(
      readTable(s.t.docs.pub)
        .aspects.filter((x) => x.kind !== 'boost')
        .map((x) => x.text),
    ).not.toContain('Slick Planks');
  });

  it('names the boost by `boost` when both are sent [CORE-CAA-2]', () => {
    const s = tiedAdvantage();
    s.t.ok(s.ann, {
      type: 'outcome.apply',
      rollId: s.rollId,
      aspect: { text: 'Slick Planks' },
      boost: 'Off Balance',
    });
    expect(boostsOf(s).map((b) => b.text)).toEqual(['Off Balance']);
  });

  it('still refuses with neither name, and only once applied [CORE-CAA-2]', () => {
    const s = tiedAdvantage();
    refused(s.t, s.ann, { type: 'outcome.apply', rollId: s.rollId }, 'invalid');
    s.t.ok(s.ann, { type: 'outcome.apply', rollId: s.rollId, boost: 'Off Balance' });
    refused(s.t, s.ann, { type: 'outcome.apply', rollId: s.rollId, boost: 'Again' }, 'invalid');
  });

  it('needs the aspect’s name on a success: a boost name alone is refused [CORE-CAA-3]', () => {
    const { t, ann, a } = sceneTable(7);
    loadDice(t, [1, 1, 1, 1]);
    const { rollId } = t.ok(ann, skillRoll(a, 'notice', 'create-advantage', { difficulty: 0 }));
    refused(t, ann, { type: 'outcome.apply', rollId, boost: 'Off Balance' }, 'invalid');
    t.ok(ann, { type: 'outcome.apply', rollId, aspect: { text: 'Slick Planks' } });
  });
});
