import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Character, ConsequenceSlot, StressTrack } from '../../core/character';
import type { AbsorptionOption, Hit } from '../../core/ruleset';
import { fateCorePolicy } from '../fate-core/absorption';
import { piratesPolicy } from '../pirates/stress';
import type { AbsorptionPolicy } from './absorption-policy';
import { listAbsorptionOptions } from './stress-absorption';

const kind = fc.constantFrom('physical' as const, 'mental' as const, 'any' as const);

const trackArb = fc.record({
  kind,
  boxes: fc.array(fc.record({ value: fc.integer({ min: 1, max: 6 }), checked: fc.boolean() }), {
    maxLength: 5,
  }),
});

const slotArb = fc.record({
  severity: fc.constantFrom(
    'mild' as const,
    'moderate' as const,
    'severe' as const,
    'extreme' as const,
  ),
  value: fc.integer({ min: 1, max: 8 }),
  reservedFor: fc.option(fc.constantFrom('physical' as const, 'mental' as const), {
    nil: undefined,
  }),
  taken: fc.boolean(),
});

const characterArb = fc
  .record({
    tracks: fc.array(trackArb, { minLength: 1, maxLength: 2 }),
    slots: fc.array(slotArb, { maxLength: 6 }),
    extremeUsed: fc.boolean(),
    otherAspect: fc.boolean(),
  })
  .map(({ tracks, slots, extremeUsed, otherAspect }): Character => ({
    id: 'c',
    name: 'C',
    ruleset: 'fate-core',
    npc: true,
    aspects: [
      { id: 'hc', slot: 'high-concept', text: 'HC' },
      ...(otherAspect ? [{ id: 'tr', slot: 'trouble' as const, text: 'T' }] : []),
    ],
    skills: [],
    stunts: [],
    refresh: 3,
    fatePoints: 3,
    stress: tracks.map((t, i): StressTrack => ({
      id: `t${i}`,
      kind: t.kind,
      label: `t${i}`,
      boxes: t.boxes,
    })),
    consequences: slots.map((s, i): ConsequenceSlot => {
      const slot: ConsequenceSlot = { id: `s${i}`, severity: s.severity, value: s.value };
      if (s.reservedFor) slot.reservedFor = s.reservedFor;
      if (s.taken) slot.taken = { text: 'x', recovering: false };
      return slot;
    }),
    extremeUsed,
    takenOut: false,
  }));

const hitArb = fc.record({ shifts: fc.integer({ min: -1, max: 24 }), kind });

type Element =
  | { type: 'box'; track: StressTrack; index: number; value: number }
  | { type: 'slot'; slot: ConsequenceSlot; value: number };

/** Every subset of every box and slot on the sheet, filtered by the rules from scratch. */
function bruteForce(character: Character, hit: Hit, policy: AbsorptionPolicy): string[] {
  const elements: Element[] = [
    ...character.stress.flatMap((track) =>
      track.boxes.map((b, index): Element => ({ type: 'box', track, index, value: b.value })),
    ),
    ...character.consequences.map((slot): Element => ({ type: 'slot', slot, value: slot.value })),
  ];
  const usable = (e: Element): boolean =>
    e.type === 'box'
      ? !e.track.boxes[e.index]!.checked && policy.trackMatches(e.track, hit)
      : e.slot.taken === undefined && policy.slotUsable(e.slot, character, hit);
  const covers = (set: Element[]): boolean => set.reduce((n, e) => n + e.value, 0) >= hit.shifts;
  // The box takes what the consequences leave: up to its value, or (fate-core) exactly that
  // value unless no free box of that value is left on its track.
  const boxFits = (set: Element[]): boolean => {
    const box = set.find((e) => e.type === 'box');
    if (box?.type !== 'box') return true;
    const left = hit.shifts - set.reduce((n, e) => n + (e.type === 'slot' ? e.value : 0), 0);
    const equalFree = box.track.boxes.some((b) => !b.checked && b.value === left);
    return policy.boxRule === 'up-to'
      ? box.value >= left
      : box.value === left || (box.value > left && !equalFree);
  };
  const valid = (set: Element[]): boolean =>
    set.filter((e) => e.type === 'box').length <= 1 &&
    set.every(usable) &&
    covers(set) &&
    boxFits(set);
  const keys: string[] = [];
  for (let mask = 0; mask < 1 << elements.length; mask++) {
    const set = elements.filter((_, i) => (mask & (1 << i)) !== 0);
    if (!valid(set)) continue;
    // Minimal: dropping any element leaves the hit uncovered [FC-ABSORB-1].
    if (set.some((_, i) => covers(set.filter((__, j) => j !== i)))) continue;
    keys.push(keyOfElements(set));
  }
  return keys.sort();
}

function keyOfElements(set: Element[]): string {
  const box = set.find((e) => e.type === 'box');
  const slots = set.flatMap((e) => (e.type === 'slot' ? [e.slot.id] : [])).sort();
  return `${box?.type === 'box' ? `${box.track.id}#${box.index}` : '-'}|${slots.join(',')}`;
}

function keyOfOption(o: AbsorptionOption): string {
  return `${o.stress ? `${o.stress.trackId}#${o.stress.boxIndex}` : '-'}|${[...o.consequences].sort().join(',')}`;
}

describe.each([
  ['fate-core', fateCorePolicy],
  ['pirates', piratesPolicy],
] as const)('%s absorption properties', (_name, policy) => {
  it('[FC-ABSORB-1] [PIR-ABSORB-1] every option covers the hit and is minimal', () => {
    fc.assert(
      fc.property(characterArb, hitArb, (character, hit) => {
        for (const o of listAbsorptionOptions(character, hit, policy)) {
          const slotValues = o.consequences.map(
            (id) => character.consequences.find((s) => s.id === id)!.value,
          );
          const box = o.stress?.value ?? 0;
          const total = box + slotValues.reduce((a, b) => a + b, 0);
          expect(total).toBe(o.absorbs);
          expect(total).toBeGreaterThanOrEqual(hit.shifts);
          if (o.stress) expect(total - box).toBeLessThan(hit.shifts);
          for (const v of slotValues) expect(total - v).toBeLessThan(hit.shifts);
        }
      }),
    );
  });

  it('[FC-STRESS-2] [PIR-STRESS-2] [FC-TAKENOUT-1] [PIR-TAKENOUT-1] options equal a brute-force search; none exactly when taken out', () => {
    fc.assert(
      fc.property(characterArb, hitArb, (character, hit) => {
        const listed = listAbsorptionOptions(character, hit, policy).map(keyOfOption);
        expect(new Set(listed).size).toBe(listed.length);
        expect([...listed].sort()).toEqual(bruteForce(character, hit, policy));
      }),
      { numRuns: 300 },
    );
  });
});
