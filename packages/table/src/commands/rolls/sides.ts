import type { Character, Ruleset } from '@fateboard/rules';
import { ladderLabel, rollFateDice } from '@fateboard/rules';
import type { Ctx, Refusal } from '../context';
import { refuse } from '../context';
import type { RollSide } from '../../doc/views';

/**
 * One side of a roll: the rating and modifiers it rolls with, its dice and its total. The roller
 * of `roll` and the defender of `defend` are both built here.
 */

/** What a command says about one side: who rolls, with what, and the narrative modifiers. */
interface RollerInput {
  characterId: string;
  skillId?: string | undefined;
  aspectId?: string | undefined;
  strategy?: 'none' | 'defensive' | 'aggressive' | undefined;
  creativity?: -1 | 0 | 1 | undefined;
  tool?: boolean | undefined;
}

/** The rating a side rolls with: a skill's (Mediocre when untrained), or a rated aspect's. */
export function ratingOf(ruleset: Ruleset, c: Character, input: RollerInput): number | Refusal {
  if (input.aspectId !== undefined) {
    const aspect = c.aspects.find((a) => a.id === input.aspectId);
    if (!aspect || aspect.rating === undefined) {
      return refuse('invalid', `${c.name} has no rated aspect "${input.aspectId}".`);
    }
    return aspect.rating;
  }
  if (input.skillId === undefined) return 0;
  if (ruleset.skills && !ruleset.skills.some((s) => s.id === input.skillId)) {
    return refuse('invalid', `${ruleset.name} has no skill "${input.skillId}".`);
  }
  return c.skills.find((s) => s.id === input.skillId)?.rating ?? 0;
}

/** A side's conflict modifiers for its role, as the ruleset labels them (narrative only). */
export function sideModifiers(
  ruleset: Ruleset,
  input: RollerInput,
  role: 'aggressor' | 'defender',
): { label: string; value: number }[] | Refusal {
  const mods = ruleset.sideModifiers(
    {
      ...(input.strategy === undefined ? {} : { strategy: input.strategy }),
      ...(input.creativity === undefined ? {} : { creativity: input.creativity }),
      ...(input.tool === undefined ? {} : { tool: input.tool }),
    },
    role,
  );
  return mods.ok ? mods.value : refuse('rules', mods.message);
}

export function sideTotal(s: Omit<RollSide, 'total' | 'label'>): { total: number; label: string } {
  const total =
    s.faces.reduce((a, b) => a + b, 0) +
    s.rating +
    s.modifiers.reduce((a, m) => a + m.value, 0) +
    s.bonus;
  return { total, label: ladderLabel(total) };
}

/** One side of a roll; `dice` 0 for a simple action, which is not rolled. */
export function rollSide(
  ctx: Ctx,
  c: Character,
  input: RollerInput,
  rating: number,
  modifiers: { label: string; value: number }[],
  dice: number,
): RollSide {
  const faces = dice === 0 ? [] : [...rollFateDice(ctx.rng, dice).faces];
  const base = {
    characterId: c.id,
    ...(input.skillId === undefined ? {} : { skillId: input.skillId }),
    ...(input.aspectId === undefined ? {} : { aspectId: input.aspectId }),
    rating,
    modifiers,
    faces,
    bonus: 0,
  };
  return { ...base, ...sideTotal(base) };
}

/** The dice a side rolled, as the log writes them: `+ 0 -`. */
export function faceText(faces: number[]): string {
  return faces.map((f) => (f > 0 ? '+' : f < 0 ? '-' : '0')).join(' ');
}
