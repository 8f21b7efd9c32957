import { describe, expect, it } from 'vitest';
import type { BorderEdge, ZoneGraph } from './zones';
import {
  moveAllowedBy,
  moveDifficulty,
  moveRule,
  zoneAttackStunt,
  zoneAttackTargets,
  zonePath,
} from './zones';
import { ALL_RULESETS } from '../rulesets/registry';

// A warehouse: the Dock touches the Floor and the Office; the Floor touches the Loft through a
// Rickety Ladder (an aspect on that border) and the Office touches the Loft through an open
// stair. The Roof stands apart, reached by no border.
const border = (id: string, a: string, b: string, aspects = 0): BorderEdge => ({
  id,
  a,
  b,
  aspects,
});
const warehouse: ZoneGraph = {
  zones: ['dock', 'floor', 'office', 'loft', 'roof'],
  borders: [
    border('dock-floor', 'dock', 'floor'),
    border('dock-office', 'dock', 'office'),
    border('floor-loft', 'floor', 'loft', 1),
    border('office-loft', 'office', 'loft'),
  ],
};

describe('[CORE-ZONE-1] zone distance is the fewest borders crossed', () => {
  it('counts the borders of the shortest path, either way', () => {
    expect(zonePath(warehouse, 'dock', 'floor')?.distance).toBe(1);
    expect(zonePath(warehouse, 'dock', 'loft')?.distance).toBe(2);
    expect(zonePath(warehouse, 'loft', 'dock')?.distance).toBe(2);
    expect(zonePath(warehouse, 'floor', 'office')?.distance).toBe(2);
    expect(zonePath(warehouse, 'dock', 'dock')).toEqual({ distance: 0, borders: [], hindered: [] });
  });

  it('takes the shortest path with the fewest hindered borders', () => {
    // Dock → Loft: through the Floor (the ladder) or the Office (the stair), both two long.
    expect(zonePath(warehouse, 'dock', 'loft')).toEqual({
      distance: 2,
      borders: ['dock-office', 'office-loft'],
      hindered: [],
    });
    // Floor → Loft: the ladder is one border; going round is three.
    expect(zonePath(warehouse, 'floor', 'loft')).toEqual({
      distance: 1,
      borders: ['floor-loft'],
      hindered: ['floor-loft'],
    });
  });

  it('finds no path to a zone no border reaches, nor to one not on the board', () => {
    expect(zonePath(warehouse, 'dock', 'roof')).toBeUndefined();
    expect(zonePath(warehouse, 'dock', 'cellar')).toBeUndefined();
  });

  it('ignores a border naming a zone not on the board, or joining a zone to itself', () => {
    const graph: ZoneGraph = {
      zones: ['a', 'b'],
      borders: [border('x', 'a', 'gone'), border('y', 'a', 'a'), border('z', 'a', 'b')],
    };
    expect(zonePath(graph, 'a', 'b')).toEqual({ distance: 1, borders: ['z'], hindered: [] });
  });

  it('walks a long corridor of forty zones', () => {
    const zones = Array.from({ length: 40 }, (_, i) => `z${i}`);
    const borders = zones.slice(1).map((z, i) => border(`b${i}`, zones[i]!, z));
    expect(zonePath({ zones, borders }, 'z0', 'z39')?.distance).toBe(39);
  });
});

describe('[CORE-MOVE-1] one zone across an open border is free', () => {
  it('is free with the free move at hand', () => {
    expect(moveRule(warehouse, 'dock', 'floor', true)).toMatchObject({ kind: 'free' });
  });
  it('asks for an overcome once the free move is spent (in a conflict, off turn or used)', () => {
    expect(moveRule(warehouse, 'dock', 'floor', false)).toMatchObject({
      kind: 'overcome',
      difficulty: 1,
      why: 'spent',
    });
  });
  it('has nothing to do in the same zone, and no way to a zone apart', () => {
    expect(moveRule(warehouse, 'dock', 'dock', true)).toEqual({ kind: 'same-zone' });
    expect(moveRule(warehouse, 'dock', 'roof', true)).toEqual({ kind: 'unreachable' });
  });
});

describe('[CORE-MOVE-2] farther, or across a border aspect, is an overcome', () => {
  it('asks for an overcome at one step per zone for two zones or more', () => {
    expect(moveRule(warehouse, 'floor', 'office', true)).toMatchObject({
      kind: 'overcome',
      difficulty: 2,
      why: 'distance',
    });
    expect(moveDifficulty(3)).toBe(3);
  });
  it('asks for an overcome across a border that carries an aspect, naming that border', () => {
    expect(moveRule(warehouse, 'floor', 'loft', true)).toEqual({
      kind: 'overcome',
      path: { distance: 1, borders: ['floor-loft'], hindered: ['floor-loft'] },
      difficulty: 1,
      why: 'border',
    });
  });
  it('rolls Athletics, Explore in pirates, a rated aspect (Body first) in narrative', () => {
    const movement = Object.fromEntries(ALL_RULESETS.map((r) => [r.id, r.movement]));
    expect(movement).toEqual({
      'fate-core': { skillId: 'athletics' },
      pirates: { skillId: 'explore' },
      edgerunner: { skillId: 'athletics' },
      narrative: { aspectId: 'body' },
    });
    for (const r of ALL_RULESETS) {
      const m = r.movement;
      if ('skillId' in m) expect(r.skills?.some((s) => s.id === m.skillId)).toBe(true);
      else
        expect(r.newCharacter({ id: 'x', name: 'X' }).aspects.map((a) => a.id)).toContain(
          m.aspectId,
        );
    }
  });
});

describe('[CORE-MOVE-3] the overcome lets the move happen unless it fails', () => {
  it('allows the move on a tie, a success and a success with style, not on a failure', () => {
    expect(moveAllowedBy('fail')).toBe(false);
    expect(moveAllowedBy('tie')).toBe(true);
    expect(moveAllowedBy('success')).toBe(true);
    expect(moveAllowedBy('success-with-style')).toBe(true);
  });
});

describe('[CORE-TARGET-1] an attack on everyone in a zone asks each of them to defend', () => {
  const tokens = { vex: 'loft', kai: 'loft', rook: 'dock', og: 'loft', ann: 'loft' };
  it('names everyone in the zone but the attacker and those taken out', () => {
    expect(zoneAttackTargets(tokens, 'loft', 'og', new Set(['ann']))).toEqual(['kai', 'vex']);
    expect(zoneAttackTargets(tokens, 'loft', 'rook')).toEqual(['ann', 'kai', 'og', 'vex']);
  });
  it('names nobody in an empty zone, or when the attacker stands alone', () => {
    expect(zoneAttackTargets(tokens, 'office', 'og')).toEqual([]);
    expect(zoneAttackTargets(tokens, 'dock', 'rook')).toEqual([]);
  });
});

describe('[CORE-TARGET-2] only an active stunt attacks everyone in a zone', () => {
  const volley = { id: 'volley', name: 'Rain of Bolts', text: 'Shoot everyone there.' };
  it('finds the stunt marked as a zone attack, not any other', () => {
    const sweep = { ...volley, id: 'sweep', zoneAttack: true };
    expect(zoneAttackStunt({ stunts: [volley, sweep] })).toBe(sweep);
  });
  it('finds none on a sheet without one: no stunts, or stunts that do something else', () => {
    expect(zoneAttackStunt({ stunts: [] })).toBeUndefined();
    expect(zoneAttackStunt({})).toBeUndefined();
    expect(zoneAttackStunt({ stunts: [volley, { ...volley, zoneAttack: false }] })).toBeUndefined();
  });
});
