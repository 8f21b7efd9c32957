import type { Sheet } from '../../commands/schemas';

/**
 * The pieces the ready-made sheets are written with, so each character reads as the choices a
 * player makes (a pyramid's skills, five aspect texts, a stunt) rather than as sheet JSON.
 */

export type Skills = NonNullable<Sheet['skills']>;
export type Stunts = NonNullable<Sheet['stunts']>;

/** A Fate Core pyramid: one Great, two Good, three Fair, four Average. */
export function pyramid(
  great: string,
  good: [string, string],
  fair: [string, string, string],
  average: [string, string, string, string],
): Skills {
  const rung = (ids: readonly string[], rating: number) => ids.map((id) => ({ id, rating }));
  return [...rung([great], 4), ...rung(good, 3), ...rung(fair, 2), ...rung(average, 1)];
}

/** High Concept, Trouble and three others, in the ids the sample sheets use. */
export function fiveAspects(texts: [string, string, string, string, string], permanent: boolean) {
  const ids = ['hc', 'tr', 'a3', 'a4', 'a5'] as const;
  return texts.map((text, i) => ({
    id: ids[i]!,
    slot: i === 0 ? ('high-concept' as const) : i === 1 ? ('trouble' as const) : ('other' as const),
    text,
    ...(permanent ? { permanent: true } : {}),
  }));
}

export const stunt = (id: string, name: string, text: string): Stunts[number] => ({
  id,
  name,
  text,
});
