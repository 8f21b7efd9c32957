import type { Ruleset } from '@fateboard/rules';
import type { Action, CharacterView } from '@fateboard/table';
import type { CommandPayload } from '../../lib/session.svelte';
import { difficultyOdds, opposedOdds, type OddsTable } from '../../lib/rules';

export type Strategy = 'none' | 'defensive' | 'aggressive';
export type AspectActionKind = 'maneuver' | 'assessment' | 'declaration';

/**
 * What a roll's draft has settled, as the command it sends and the odds it shows read it: the
 * person's picks and what follows from them. `RollDraft` (roll-draft.svelte.ts) is one.
 */
export interface SettledRoll {
  readonly action: Action;
  readonly against: 'difficulty' | 'character' | 'zone';
  /** The zone an attack on everyone there is aimed at [CORE-TARGET-1]. */
  readonly zoneAttack: string | undefined;
  readonly difficulty: number;
  readonly reason: string;
  readonly aspectAction: AspectActionKind;
  readonly strategy: Strategy;
  readonly creativity: -1 | 0 | 1;
  readonly tool: boolean;
  readonly opponentStrategy: Strategy;
  readonly roller: CharacterView | undefined;
  readonly opponent: CharacterView | undefined;
  /** The skill, or narrative's rated aspect, each side rolls with. */
  readonly skill: { readonly value: string };
  readonly opponentSkill: { readonly value: string };
  readonly usesAspects: boolean;
  readonly caps: { readonly sideModifiers: boolean };
  readonly isAspectAction: boolean;
  readonly isDeclaration: boolean;
  /** The declaration voted on, which the roll rolls (its skill is the server's tally). */
  readonly declarationId: string | undefined;
  /** The aspect an overcome removes, if any. */
  readonly removing: { readonly id: string; readonly persistence?: number } | undefined;
  readonly asksDefence: boolean;
  readonly simple: boolean;
  readonly baseRating: number;
  readonly rating: number;
  readonly target: number;
  readonly opponentRating: number;
  readonly opponentMod: number;
  /** The roller's stunts and helpers on the roll, and what they add. */
  readonly stunts: readonly string[];
  readonly helping: readonly string[];
  readonly bonus: number;
}

/**
 * The odds from the rules package, by the table's game: against a rolling opponent they
 * count both sides' dice; a narrative exchange is labelled by who wins, and has no tie.
 */
export function rollOdds(ruleset: Ruleset | undefined, d: SettledRoll): OddsTable | null {
  // One attack against several defenders, each picking their own defence: no single odds.
  if (d.simple || d.zoneAttack !== undefined) return null;
  if (d.against === 'difficulty' || d.isDeclaration || d.removing) {
    return difficultyOdds(ruleset, d.action, d.rating, d.target);
  }
  const roller = d.roller;
  const opponent = d.opponent;
  if (!opponent || !roller) return null;
  if (d.caps.sideModifiers) {
    return opposedOdds(
      ruleset,
      d.action,
      {
        name: roller.name,
        rating: d.baseRating,
        modifiers: { strategy: d.strategy, creativity: d.creativity, tool: d.tool },
        bonus: d.bonus,
      },
      {
        name: opponent.name,
        rating: d.opponentRating,
        modifiers: { strategy: d.opponentStrategy },
      },
    );
  }
  return opposedOdds(
    ruleset,
    d.action,
    { name: roller.name, rating: d.rating },
    { name: opponent.name, rating: d.opponentRating + d.opponentMod },
  );
}

/** The `roll` command's fields, or undefined with no roller. */
export function rollCommand(d: SettledRoll): CommandPayload<'roll'> | undefined {
  const roller = d.roller;
  if (!roller) return undefined;
  const choice = d.skill.value;
  const opponent = d.opponent;
  const side = d.isDeclaration
    ? {}
    : d.usesAspects
      ? { aspectId: choice }
      : choice
        ? { skillId: choice }
        : {};
  const opp =
    d.isDeclaration || d.removing
      ? {}
      : d.zoneAttack !== undefined
        ? { zone: d.zoneAttack }
        : d.against === 'character' && opponent && d.asksDefence
          ? { defender: opponent.id }
          : d.against === 'character' && opponent
            ? {
                opposition: {
                  characterId: opponent.id,
                  ...(d.usesAspects
                    ? { aspectId: d.opponentSkill.value }
                    : { skillId: d.opponentSkill.value }),
                  ...(d.caps.sideModifiers ? { strategy: d.opponentStrategy } : {}),
                },
              }
            : { difficulty: d.difficulty };
  return {
    characterId: roller.id,
    ...side,
    action: d.action,
    ...opp,
    ...(d.isAspectAction ? { aspectAction: d.aspectAction } : {}),
    ...(d.isDeclaration && d.declarationId ? { declarationId: d.declarationId } : {}),
    ...(d.removing ? { removes: { aspectId: d.removing.id } } : {}),
    ...(d.caps.sideModifiers
      ? { strategy: d.strategy, creativity: d.creativity, tool: d.tool }
      : {}),
    ...(d.stunts.length > 0 ? { stunts: [...d.stunts] } : {}),
    ...(d.helping.length > 0 ? { helpers: [...d.helping] } : {}),
    ...(d.reason.trim() ? { reason: d.reason.trim() } : {}),
  };
}
