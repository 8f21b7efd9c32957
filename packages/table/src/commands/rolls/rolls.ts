import * as Y from 'yjs';
import type { ActionRequest, ActionResolution, Character, Result, Ruleset } from '@fateboard/rules';
import { declarationSkill, ladderLabel, rollFateDice } from '@fateboard/rules';
import { controls, findCharacter, tableRuleset } from '../access';
import { resolveAspect } from '../aspects/aspect-refs';
import type { Action, AspectRef, CommandOf } from '../schemas';
import { beginConflict, joinConflict } from '../time/conflict';
import type { Ctx, Handler, Plan, Refusal } from '../context';
import { refuse } from '../context';
import type { PubRoots } from '../../doc/schema';
import { ROLL_LIMIT, pubRoots } from '../../doc/schema';
import type { ActorRef } from '../../log/entry';
import type { RollSide, RollView } from '../../doc/views';
import { readRoll } from '../../doc/views';
import type { YMap } from '../../doc/ymap';
import { bool, num, put } from '../../doc/ymap';
import { resultWords, rollPurposeWords } from '../../log/words';

/** Rolling the dice on the server, and finding and rewriting recent rolls. */

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

export function actorRef(ctx: Ctx): ActorRef {
  return ctx.actor.seatId === undefined
    ? { role: ctx.actor.role }
    : { role: ctx.actor.role, seatId: ctx.actor.seatId };
}

/** What kind of roll a `roll` command asks for, checked against its fields. */
interface RollKind {
  action: Action;
  aspectAction?: RollView['aspectAction'];
  declaration?: { supporters: number; opposers: number };
  removes?: { ref: AspectRef; persistence: number; text: string };
}

function rollKind(r: PubRoots, command: CommandOf<'roll'>): RollKind | Refusal {
  const { aspectAction, declaration, removes } = command;
  if (declaration !== undefined && aspectAction !== 'declaration') {
    return refuse('invalid', 'Supporters and opposers belong to a declaration.');
  }
  if (aspectAction !== undefined) {
    if (removes !== undefined) return refuse('invalid', 'A removal roll is not an aspect action.');
    if (command.action !== undefined && command.action !== 'create-advantage') {
      return refuse('invalid', `A ${aspectAction} creates an advantage.`);
    }
    if (aspectAction === 'declaration') {
      // A player action: the "skill" is the table's support, not the character's [ER-DECLARE-1].
      if (declaration === undefined) return refuse('invalid', 'Count the supporters and opposers.');
      if (command.skillId !== undefined || command.aspectId !== undefined) {
        return refuse('invalid', 'A declaration uses no skill: its supporters make the skill.');
      }
      return { action: 'create-advantage', aspectAction, declaration };
    }
    return { action: 'create-advantage', aspectAction };
  }
  if (removes !== undefined) {
    if (command.action !== undefined && command.action !== 'overcome') {
      return refuse('invalid', 'Removing an aspect is an overcome.');
    }
    if (command.difficulty !== undefined || command.opposition !== undefined) {
      return refuse('invalid', 'A removal rolls against the aspect’s persistence, nothing else.');
    }
    const a = resolveAspect(r, removes);
    if ('ok' in a) return a;
    if (a.where !== 'table') {
      return refuse('invalid', 'Only aspects placed in play are removed by a roll.');
    }
    // An aspect not created by a roll (the GM's) has no creation shifts: persistence 0.
    return {
      action: 'overcome',
      removes: { ref: removes, persistence: num(a.map, 'persistence'), text: a.text },
    };
  }
  if (command.action === undefined) return refuse('invalid', 'Name the action.');
  return { action: command.action };
}

/** Resolves a stored roll by the table's ruleset, with what outcome.apply adds. */
export function resolveRoll(
  ruleset: Ruleset,
  roll: RollView,
  extra: Partial<ActionRequest> = {},
): Result<ActionResolution> {
  return ruleset.resolveAction({
    action: roll.action,
    total: roll.actor.total,
    opposition: roll.opposition
      ? roll.opposition.total
      : (roll.difficulty ?? 0) + (roll.difficultyBonus ?? 0),
    opposed: roll.opposition !== undefined,
    ...(roll.aspectAction === undefined ? {} : { aspectAction: roll.aspectAction }),
    ...(roll.removes === undefined ? {} : { removal: true }),
    ...(roll.simple === true ? { simple: true } : {}),
    ...extra,
  });
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
  const kind = rollKind(r, command);
  if ('ok' in kind) return kind;
  const defender = defenderOf(r, command, kind, found.character);
  if (defender !== undefined && 'ok' in defender) return defender;
  let opposingCharacter: Character | undefined;
  if (command.opposition) {
    const opp = findCharacter(r, command.opposition.characterId);
    if ('ok' in opp) return opp;
    opposingCharacter = opp.character;
  }
  const role = kind.action === 'defend' ? 'defender' : 'aggressor';
  const actorMods = sideModifiers(ruleset, command, role);
  if ('ok' in actorMods) return actorMods;
  const rating = kind.declaration
    ? declarationSkill(kind.declaration.supporters, kind.declaration.opposers)
    : ratingOf(ruleset, found.character, command);
  if (typeof rating !== 'number') return rating;
  const modifiers = [...(command.modifiers ?? []), ...actorMods];
  const difficulty =
    kind.removes?.persistence ??
    command.difficulty ??
    (command.opposition || defender ? undefined : 0);
  const base = {
    action: kind.action,
    ...(kind.aspectAction === undefined ? {} : { aspectAction: kind.aspectAction }),
    ...(kind.removes === undefined ? {} : { removal: true }),
  };
  // A simple action is not rolled [NAR-SIMPLE-1]: the ruleset says whether this one is, from
  // the aspect alone ("a character's aspect is higher than the difficulty"); strategy,
  // creativity and tools change a roll, not whether there is one.
  const heals = healingTarget(r, ruleset, command, kind.action, defender !== undefined);
  if (heals !== undefined && 'ok' in heals) return heals;
  const simple =
    heals === undefined &&
    !command.opposition &&
    !defender &&
    ruleset.resolveAction({
      ...base,
      total: rating,
      opposition: difficulty ?? 0,
      opposed: false,
      simple: true,
    }).ok;
  const actorSide = rollSide(
    ctx,
    found.character,
    command,
    rating,
    modifiers,
    simple ? 0 : ruleset.diceCount,
  );
  let opposition: RollSide | undefined;
  if (command.opposition && opposingCharacter) {
    const oppMods = sideModifiers(
      ruleset,
      command.opposition,
      role === 'aggressor' ? 'defender' : 'aggressor',
    );
    if ('ok' in oppMods) return oppMods;
    const oppRating = ratingOf(ruleset, opposingCharacter, command.opposition);
    if (typeof oppRating !== 'number') return oppRating;
    opposition = rollSide(
      ctx,
      opposingCharacter,
      command.opposition,
      oppRating,
      oppMods,
      ruleset.diceCount,
    );
  }
  const id = newId();
  const draft: RollView = {
    id,
    at: now,
    by: actorRef(ctx),
    action: kind.action,
    ...(command.reason ? { reason: command.reason } : {}),
    actor: actorSide,
    ...(difficulty === undefined ? {} : { difficulty }),
    ...(opposition === undefined ? {} : { opposition }),
    invokes: [],
    outcome: 'tie',
    shifts: 0,
    applied: false,
    ...(kind.aspectAction === undefined ? {} : { aspectAction: kind.aspectAction }),
    ...(kind.declaration === undefined ? {} : { declaration: kind.declaration }),
    ...(kind.removes === undefined ? {} : { removes: kind.removes.ref }),
    ...(simple ? { simple: true } : {}),
    ...(heals === undefined ? {} : { heals: heals.id }),
    ...(defender ? { defence: { characterId: defender.id, status: 'awaiting' as const } } : {}),
  };
  if (defender) return awaitDefence(ctx, draft, found.character, defender.character, kind);
  const resolved = resolveRoll(ruleset, draft);
  if (!resolved.ok) return refuse('rules', resolved.message);
  const { outcome, shifts } = resolved.value;
  const view: RollView = { ...draft, outcome, shifts };
  const vs = opposition
    ? `${opposingCharacter?.name ?? '?'}'s ${opposition.label}`
    : kind.removes
      ? `"${kind.removes.text}" (persistence ${kind.removes.persistence})`
      : ladderLabel(difficulty ?? 0);
  const what = heals
    ? `to heal ${heals.name}`
    : rollPurposeWords(kind.aspectAction ?? (kind.removes ? 'removal' : kind.action));
  const dice = simple ? 'a simple action, no dice' : faceText(actorSide.faces);
  return {
    pub: () => writeNewRoll(r, view),
    log: [
      {
        text: `${found.character.name} rolled ${what} [${dice}]: ${actorSide.label} against ${vs} — ${resultWords(outcome, shifts)}.`,
        characterId: found.character.id,
        rollId: id,
      },
    ],
    result: { rollId: id },
  };
};

/**
 * The character a roll awaits a defence from, checked: not the roller, not out of the scene,
 * and only for an attack, overcome or advantage rolled with no other opposition.
 */
function defenderOf(
  r: PubRoots,
  command: CommandOf<'roll'>,
  kind: RollKind,
  roller: Character,
): { id: string; character: Character } | Refusal | undefined {
  if (command.defender === undefined) return undefined;
  if (command.opposition || command.difficulty !== undefined) {
    return refuse(
      'invalid',
      'A defender rolls their own defence: give no opposition or difficulty.',
    );
  }
  if (kind.action === 'defend' || kind.aspectAction !== undefined || kind.removes !== undefined) {
    return refuse('invalid', 'Only an attack, overcome or advantage awaits a defence.');
  }
  const found = findCharacter(r, command.defender);
  if ('ok' in found) return found;
  if (found.character.id === roller.id)
    return refuse('invalid', 'Nobody defends against themselves.');
  if (found.character.takenOut) {
    return refuse('invalid', `${found.character.name} is out of the scene.`);
  }
  return { id: found.character.id, character: found.character };
}

/**
 * Stores a roll that awaits its defender's roll: the outcome stays undecided until `defend`.
 * An attack is a conflict: outside one it starts one, between the two; inside one, whoever is
 * not in the turn order yet joins it.
 */
function awaitDefence(
  ctx: Ctx<'roll'>,
  draft: RollView,
  roller: Character,
  defender: Character,
  kind: RollKind,
): Plan | Refusal {
  const r = pubRoots(ctx.docs.pub);
  const ruleset = tableRuleset(r);
  if ('ok' in ruleset) return ruleset;
  const inConflict = bool(r.conflict, 'active');
  const starts = kind.action === 'attack' && !inConflict;
  const what = rollPurposeWords(kind.action);
  const dice = faceText(draft.actor.faces);
  return {
    pub: () => {
      if (starts) beginConflict(r, ruleset, [roller.id, defender.id]);
      else if (inConflict) joinConflict(r, [roller.id, defender.id]);
      writeNewRoll(r, draft);
    },
    log: [
      ...(starts
        ? [{ text: `A conflict started: ${roller.name} attacked ${defender.name}.` }]
        : []),
      {
        text: `${roller.name} rolled ${what} [${dice}]: ${draft.actor.label} against ${defender.name}, who rolls to defend.`,
        characterId: roller.id,
        rollId: draft.id,
      },
    ],
    result: { rollId: draft.id },
  };
}

/**
 * narrative's healing action [NAR-RECOVER-2]: the patient of a roll with `heals`, which must be
 * an overcome against a difficulty. Other games heal otherwise (fate-core's recovery rolls).
 */
function healingTarget(
  r: PubRoots,
  ruleset: Ruleset,
  command: CommandOf<'roll'>,
  action: Action,
  defended: boolean,
): Character | Refusal | undefined {
  if (command.heals === undefined) return undefined;
  if (ruleset.id !== 'narrative') {
    return refuse('invalid', 'Only narrative heals physical damage with a healing action.');
  }
  if (action !== 'overcome' || command.opposition || defended || command.difficulty === undefined) {
    return refuse('invalid', 'Healing is an overcome against a difficulty.');
  }
  const patient = findCharacter(r, command.heals);
  return 'ok' in patient ? patient : patient.character;
}

export function faceText(faces: number[]): string {
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

/** The table's ruleset and one of its recent rolls: where every handler acting on a roll starts. */
export function rollInPlay(
  r: PubRoots,
  id: string,
): { ruleset: Ruleset; map: YMap; roll: RollView } | Refusal {
  const ruleset = tableRuleset(r);
  if ('ok' in ruleset) return ruleset;
  const found = findRoll(r, id);
  if ('ok' in found) return found;
  return { ruleset, ...found };
}

/** Recomputes totals and the outcome, by the table's ruleset, after a side changed. */
export function rescore(ruleset: Ruleset, roll: RollView): RollView {
  const actor = { ...roll.actor, ...sideTotal(roll.actor) };
  const opposition = roll.opposition
    ? { ...roll.opposition, ...sideTotal(roll.opposition) }
    : undefined;
  const next = { ...roll, actor, ...(opposition ? { opposition } : {}) };
  const resolved = resolveRoll(ruleset, next);
  return resolved.ok
    ? { ...next, outcome: resolved.value.outcome, shifts: resolved.value.shifts }
    : next;
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
  put(map, 'hit', roll.hit);
  put(map, 'defence', roll.defence);
}
