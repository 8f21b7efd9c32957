import type { Character, Ruleset } from '@fateboard/rules';
import {
  exhaustive,
  ladderLabel,
  rollFateDice,
  stuntBonuses,
  teamworkBonuses,
} from '@fateboard/rules';
import { say } from '../../log/say';
import type { LogParam } from '../../log/say';
import { findCharacter } from '../access';
import { readHelpRequests } from '../../doc/help-requests';
import { helpRefusal, helpStanding } from './teamwork';
import type { Actor, Ctx, Refusal, OrRefusal } from '../context';
import { isRefusal, refuse } from '../context';
import type { PubRoots } from '../../doc/schema';
import type { RollModifier, RollSide } from '../../doc/views';

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
  /** The side's own stunts used on the roll, +2 each [CORE-STUNT-1]. */
  stunts?: string[] | undefined;
  /** Other characters helping with the same skill, +1 each [CORE-TEAMWORK-1]. */
  helpers?: string[] | undefined;
}

/** The rating a side rolls with: a skill's (Mediocre when untrained), or a rated aspect's. */
export function ratingOf(ruleset: Ruleset, c: Character, input: RollerInput): OrRefusal<number> {
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

/**
 * What a side's stunts and helpers add, as the roll card lists them; refused if one may not.
 * Who may help whom, and whether the helper's player agreed, is `helpStanding`'s to say.
 * `against`: the characters the roll is against, who cannot help it.
 */
export function stuntAndHelp(
  roots: PubRoots,
  actor: Actor,
  c: Character,
  input: RollerInput,
  against: readonly string[] = [],
): OrRefusal<RollModifier[]> {
  const stunts = stuntBonuses(c, input.stunts ?? []);
  if (!stunts.ok) return refuse('rules', stunts.message);
  const helpers: Character[] = [];
  const requests = readHelpRequests(roots.help);
  for (const id of input.helpers ?? []) {
    const found = findCharacter(roots, id);
    if (isRefusal(found)) return found;
    const helper = found.character;
    // A helper named twice is the rules' to refuse (below), once.
    const twice = helpers.some((h) => h.id === id);
    const standing = helpStanding({
      actor,
      roller: c,
      helper,
      skillId: input.skillId,
      against,
      requests,
    });
    const said = twice ? undefined : helpRefusal(helper, standing);
    if (said !== undefined) {
      if (standing.kind === 'barred') {
        return standing.bar === 'opposing'
          ? refuse('rules', said, { id: 'help-opposing', params: { name: helper.name } })
          : refuse('rules', said);
      }
      // The helper's player has not said yes: their character is not the roller's to lend.
      return refuse('forbidden', said, { id: 'help-not-agreed', params: { name: helper.name } });
    }
    helpers.push(helper);
  }
  const help = teamworkBonuses(c, input.skillId, helpers, against);
  if (!help.ok) return refuse('rules', help.message);
  return [...stunts.value, ...help.value].map((b) => ({
    label: b.label,
    value: b.value,
    kind: b.kind,
  }));
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
  modifiers: RollModifier[],
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

/**
 * A side's dice for its log line, with what its stunts and helpers added, so the log keeps why a
 * total is higher than the skill after the roll card has scrolled away:
 * `+ 0 - -; Roofrunner (stunt) +2, help from Kai +1`.
 */
export function diceSaid(side: RollSide): LogParam {
  const bonuses = side.modifiers.flatMap((m) => {
    switch (m.kind) {
      case 'stunt':
        return [say('bonusStunt', { stunt: m.label, value: m.value })];
      case 'help':
        return [say('bonusHelp', { name: m.label, value: m.value })];
      case undefined:
        return [];
      default:
        return exhaustive(m.kind);
    }
  });
  const dice = faceText(side.faces);
  return bonuses.length === 0 ? dice : say('diceWithBonuses', { dice, bonuses });
}
