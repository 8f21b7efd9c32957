import type { Character, Ruleset } from '@fateboard/rules';

/**
 * What the end of a conflict gives back, where the game heals then (narrative: "Once the
 * conflict is over, the character will usually immediately recover all his Aspect levels"
 * [NAR-RECOVER-1]). The GM ends the conflict saying, for each character who lost levels, all
 * back (the usual case, and the default), half while the situation remains, or none yet (the
 * damage was physical: healing first [NAR-RECOVER-2]) [NAR-RECOVER-4]. The reducer applies it
 * and the GM's form shows it before, from this one function.
 */

export type EndRecovery = 'all' | 'half' | 'none';

export interface LevelsBack {
  characterId: string;
  name: string;
  mode: EndRecovery;
  /** Levels lost before, and given back now. */
  lost: number;
  back: number;
  /** The character after it (unchanged for `none`). */
  after: Character;
}

/** The levels a recovery gave back: the sum of the ratings' rises. */
function levelsBetween(before: Character, after: Character): number {
  return after.aspects.reduce((sum, a) => {
    const was = before.aspects.find((b) => b.id === a.id)?.rating ?? 0;
    return sum + Math.max(0, (a.rating ?? 0) - was);
  }, 0);
}

/** The levels a character has lost: what a full recovery would give back (0 if none). */
export function levelsLost(ruleset: Ruleset, c: Character): number {
  if (!ruleset.features.recoversAtConflictEnd) return 0;
  const all = ruleset.startRecovery(c, { situationRemains: false });
  return all.ok ? levelsBetween(c, all.value) : 0;
}

/**
 * For every character who lost levels, what the conflict's end gives back, by the GM's choice
 * for it (`all` when not named). Nothing where the game does not heal as a conflict ends.
 */
export function conflictEndRecovery(
  ruleset: Ruleset,
  characters: readonly Character[],
  choices: Readonly<Record<string, EndRecovery>> = {},
): LevelsBack[] {
  if (!ruleset.features.recoversAtConflictEnd) return [];
  const out: LevelsBack[] = [];
  for (const c of characters) {
    const lost = levelsLost(ruleset, c);
    if (lost === 0) continue;
    const mode = choices[c.id] ?? 'all';
    const recovered =
      mode === 'none' ? undefined : ruleset.startRecovery(c, { situationRemains: mode === 'half' });
    const after = recovered?.ok ? recovered.value : c;
    out.push({
      characterId: c.id,
      name: c.name,
      mode,
      lost,
      back: levelsBetween(c, after),
      after,
    });
  }
  return out;
}
