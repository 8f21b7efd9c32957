import type { Character } from '../../core/character';
import { newFateCoreCharacter, syncFateCoreSheet } from './template';
import { fateCore } from './ruleset';

// Sheets and small builders shared by the fate-core tests (not a test file itself).
export function withSkills(c: Character, ratings: Record<string, number>): Character {
  return syncFateCoreSheet({
    ...c,
    skills: c.skills.map((s) => ({ ...s, rating: ratings[s.id] ?? s.rating })),
  });
}

export function check(c: Character, trackId: string, values: number[]): Character {
  return {
    ...c,
    stress: c.stress.map((t) =>
      t.id === trackId
        ? {
            ...t,
            boxes: t.boxes.map((b) => (values.includes(b.value) ? { ...b, checked: true } : b)),
          }
        : t,
    ),
  };
}

export function take(c: Character, slotId: string, text = 'Hurt'): Character {
  return {
    ...c,
    consequences: c.consequences.map((s) =>
      s.id === slotId ? { ...s, taken: { text, recovering: false } } : s,
    ),
  };
}

export const blank = newFateCoreCharacter({ id: 'c1', name: 'Cynere' });
export const landon = check(withSkills(blank, { physique: 3 }), 'physical', [1, 3]);
export const physical = (shifts: number) => ({ shifts, kind: 'physical' as const });
export const mental = (shifts: number) => ({ shifts, kind: 'mental' as const });
export const labels = (
  c: Character,
  hit: { shifts: number; kind: 'physical' | 'mental' },
): string[] => fateCore.absorptionOptions(c, hit).map((o) => o.label);
