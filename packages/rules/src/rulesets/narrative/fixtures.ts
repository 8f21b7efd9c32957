import type { Character } from '../../core/character';
import { narrative } from './ruleset';

/** A valid test character: Body Good, Mind Fair, Social Fair, Professional Average. */
export function kim(): Character {
  const c = narrative.newCharacter({ id: 'kim', name: 'Kim' });
  const ratings: Record<string, number> = { body: 3, mind: 2, social: 2, professional: 1 };
  const texts: Record<string, string> = {
    body: 'Kung Fu',
    mind: 'Strategy & Tactics',
    social: 'MI6',
    professional: 'Spy',
  };
  return {
    ...c,
    aspects: c.aspects.map((a) => ({
      ...a,
      text: texts[a.id] ?? '',
      rating: ratings[a.id],
      baseRating: ratings[a.id],
    })),
  };
}
