import * as Y from 'yjs';
import type { Character, Ruleset } from '@fateboard/rules';
import { ladderLabel, resolve, rollFateDice } from '@fateboard/rules';
import { controls, findCharacter, tableRuleset } from './access';
import type { Ctx, Handler, Refusal } from './context';
import { refuse } from './context';
import type { PubRoots } from './schema';
import { ROLL_LIMIT, pubRoots } from './schema';
import type { ActorRef, RollSide, RollView } from './views';
import { readRoll } from './views';
import type { YMap } from './ymap';
import { put } from './ymap';

/** Rolling the dice on the server, and finding and rewriting recent rolls. */

interface RollerInput {
  characterId: string;
  skillId?: string | undefined;
  aspectId?: string | undefined;
}

/** The rating a side rolls with: a skill's (Mediocre when untrained), or a rated aspect's. */
function ratingOf(ruleset: Ruleset, c: Character, input: RollerInput): number | Refusal {
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

export function sideTotal(s: Omit<RollSide, 'total' | 'label'>): { total: number; label: string } {
  const total =
    s.faces.reduce((a, b) => a + b, 0) +
    s.rating +
    s.modifiers.reduce((a, m) => a + m.value, 0) +
    s.bonus;
  return { total, label: ladderLabel(total) };
}

function rollSide(
  ctx: Ctx,
  ruleset: Ruleset,
  c: Character,
  input: RollerInput,
  modifiers: { label: string; value: number }[],
): RollSide | Refusal {
  const rating = ratingOf(ruleset, c, input);
  if (typeof rating !== 'number') return rating;
  const { faces } = rollFateDice(ctx.rng, ruleset.diceCount);
  const base = {
    characterId: c.id,
    ...(input.skillId === undefined ? {} : { skillId: input.skillId }),
    ...(input.aspectId === undefined ? {} : { aspectId: input.aspectId }),
    rating,
    modifiers,
    faces: [...faces],
    bonus: 0,
  };
  return { ...base, ...sideTotal(base) };
}

export function actorRef(ctx: Ctx): ActorRef {
  return ctx.actor.seatId === undefined
    ? { role: ctx.actor.role }
    : { role: ctx.actor.role, seatId: ctx.actor.seatId };
}

export const roll: Handler<'roll'> = (ctx) => {
  const { docs, actor, command, newId, now } = ctx;
  const r = pubRoots(docs.pub);
  const ruleset = tableRuleset(r);
  if ('ok' in ruleset) return ruleset;
  const found = findCharacter(r, command.characterId);
  if ('ok' in found) return found;
  if (!controls(actor, found.character)) {
    return refuse('forbidden', `You do not play "${found.character.name}".`);
  }
  if (command.opposition && command.difficulty !== undefined) {
    return refuse('invalid', 'Give a difficulty or an opposing character, not both.');
  }
  let opposingCharacter: Character | undefined;
  if (command.opposition) {
    const opp = findCharacter(r, command.opposition.characterId);
    if ('ok' in opp) return opp;
    opposingCharacter = opp.character;
  }
  const actorSide = rollSide(ctx, ruleset, found.character, command, command.modifiers ?? []);
  if ('ok' in actorSide) return actorSide;
  let opposition: RollSide | undefined;
  if (command.opposition && opposingCharacter) {
    const side = rollSide(ctx, ruleset, opposingCharacter, command.opposition, []);
    if ('ok' in side) return side;
    opposition = side;
  }
  const difficulty = command.difficulty ?? (opposition ? undefined : 0);
  const against = opposition ? opposition.total : (difficulty ?? 0);
  const { outcome, shifts } = resolve(actorSide.total, against);
  const id = newId();
  const view: RollView = {
    id,
    at: now,
    by: actorRef(ctx),
    action: command.action,
    ...(command.reason ? { reason: command.reason } : {}),
    actor: actorSide,
    ...(difficulty === undefined ? {} : { difficulty }),
    ...(opposition === undefined ? {} : { opposition }),
    invokes: [],
    outcome,
    shifts,
    applied: false,
  };
  const vs = opposition
    ? `${opposingCharacter?.name ?? '?'}'s ${opposition.label}`
    : ladderLabel(difficulty ?? 0);
  return {
    pub: () => writeNewRoll(r, view),
    log: [
      {
        text: `${found.character.name} rolled ${command.action} [${faceText(actorSide.faces)}]: ${actorSide.label} against ${vs}, ${outcome} (${shifts} shifts).`,
        characterId: found.character.id,
        rollId: id,
      },
    ],
    result: { rollId: id },
  };
};

function faceText(faces: number[]): string {
  return faces.map((f) => (f > 0 ? '+' : f < 0 ? '-' : '0')).join(' ');
}

function writeNewRoll(r: PubRoots, view: RollView): void {
  const m = new Y.Map<unknown>();
  r.rolls.push([m]);
  for (const [key, value] of Object.entries(view)) m.set(key, value);
  const extra = r.rolls.length - ROLL_LIMIT;
  if (extra > 0) r.rolls.delete(0, extra);
}

export function findRoll(r: PubRoots, id: string): { map: YMap; roll: RollView } | Refusal {
  for (const m of r.rolls.toArray()) {
    if (m.get('id') === id) return { map: m, roll: readRoll(m) };
  }
  return refuse('not-found', `No recent roll "${id}".`);
}

/** Recomputes totals and the outcome after an invoke changed a side. */
export function rescore(roll: RollView): RollView {
  const actor = { ...roll.actor, ...sideTotal(roll.actor) };
  const opposition = roll.opposition
    ? { ...roll.opposition, ...sideTotal(roll.opposition) }
    : undefined;
  const { outcome, shifts } = resolve(
    actor.total,
    opposition ? opposition.total : (roll.difficulty ?? 0) + (roll.difficultyBonus ?? 0),
  );
  return { ...roll, actor, ...(opposition ? { opposition } : {}), outcome, shifts };
}

/** Writes the fields of a roll that changed. */
export function writeRoll(map: YMap, roll: RollView): void {
  put(map, 'actor', roll.actor);
  put(map, 'opposition', roll.opposition);
  put(map, 'difficultyBonus', roll.difficultyBonus);
  put(map, 'invokes', roll.invokes);
  put(map, 'outcome', roll.outcome);
  put(map, 'shifts', roll.shifts);
  put(map, 'applied', roll.applied);
}
