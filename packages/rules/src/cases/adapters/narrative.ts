import type { Character, CharacterAspect } from '../../core/character';
import { seededRng } from '../../core/dice';
import type { Rng } from '../../core/types';
import {
  bool,
  int,
  InputError,
  isRecord,
  list,
  oneOf,
  optInt,
  record,
  str,
  type Json,
} from '../input';
import type { Operation } from '../run';
import { isIncapacitated, narrativeRecover } from '../../rulesets/narrative/damage';
import { determineInitiative, type InitiativeEntrant } from '../../rulesets/narrative/initiative';
import {
  narrativeActionKind,
  conflictModifier,
  conflictWinner,
  resolveCinematic,
  resolveComplexAction,
  resolveExchange,
  resolveSimultaneous,
  type ConflictModifiers,
  type ConflictSide,
} from '../../rulesets/narrative/resolution';
import { narrative } from '../../rulesets/narrative/ruleset';

/** Rule-case operations for cases/narrative; each checks its own JSON input. */

function modifiers(v: unknown, where: string): ConflictModifiers {
  if (v === undefined) return {};
  const o = record(v, where);
  const m: ConflictModifiers = {};
  if (o.strategy !== undefined)
    m.strategy = oneOf(o, 'strategy', ['none', 'defensive', 'aggressive'] as const, where);
  if (o.creativity !== undefined) {
    const c = int(o, 'creativity', where);
    if (c !== -1 && c !== 0 && c !== 1)
      throw new InputError(`${where}.creativity must be -1, 0 or 1`);
    m.creativity = c;
  }
  if (o.tool !== undefined) m.tool = bool(o, 'tool', where);
  return m;
}

function side(v: unknown, where: string): ConflictSide & { targetId?: string } {
  const o = record(v, where);
  const s: ConflictSide & { targetId?: string } = {
    id: str(o, 'id', where),
    rating: int(o, 'rating', where),
    dice: int(o, 'dice', where),
    modifiers: modifiers(o.modifiers, `${where}.modifiers`),
  };
  if (o.targetId !== undefined) s.targetId = str(o, 'targetId', where);
  return s;
}

/**
 * A sheet from `{ aspects: { id: rating } }` or `{ aspects: [{ id, rating, baseRating?, text? }] }`;
 * an NPC unless `pc: true`, so cases need not fill the template. An aspect a case names is
 * written (its text defaults to its id): blank rows are no aspects [NAR-DAMAGE-1].
 */
function sheet(o: Json): Character {
  const raw = o.aspects;
  let aspects: CharacterAspect[];
  if (Array.isArray(raw)) {
    aspects = raw.map((v, i) => {
      const a = record(v, `input.aspects[${i}]`);
      const rating = int(a, 'rating', `input.aspects[${i}]`);
      return {
        id: str(a, 'id', `input.aspects[${i}]`),
        slot: 'other',
        text: typeof a.text === 'string' ? a.text : str(a, 'id', `input.aspects[${i}]`),
        rating,
        baseRating: optInt(a, 'baseRating', `input.aspects[${i}]`) ?? rating,
      };
    });
  } else if (isRecord(raw)) {
    aspects = Object.keys(raw).map((id) => {
      const rating = int(raw, id, 'input.aspects');
      return { id, slot: 'other', text: id, rating, baseRating: rating };
    });
  } else {
    throw new InputError('input.aspects must be a map of ratings or a list of aspects');
  }
  const pc = o.pc === undefined ? false : bool(o, 'pc');
  return { ...narrative.newCharacter({ id: 'c', name: 'C', npc: !pc }), aspects };
}

const ratings = (c: Character) =>
  Object.fromEntries(c.aspects.map((a) => [a.id, a.rating ?? null]));

/** An Rng that yields scripted 3dF totals (−3..+3), for cases that state their dice. */
export function scriptedDice(totals: readonly number[]): Rng {
  const u: number[] = [];
  for (const t of totals) {
    if (!Number.isInteger(t) || t < -3 || t > 3)
      throw new InputError(`a 3dF total is -3..3, got ${t}`);
    for (let i = 0; i < 3; i++) u.push(i < Math.abs(t) ? (t > 0 ? 0.9 : 0.1) : 0.5);
  }
  let i = 0;
  return () => {
    const v = u[i++];
    if (v === undefined) throw new InputError('the case ran out of scripted dice');
    return v;
  };
}

export const narrativeOperations: Record<string, Operation> = {
  /** `{}` → `{ id, diceCount, skills, defaultRefresh }`. */
  'narrative-ruleset': () => ({
    id: narrative.id,
    diceCount: narrative.diceCount,
    skills: narrative.skills,
    defaultRefresh: narrative.defaultRefresh,
  }),

  /**
   * `{ rating, difficulty, dice?, modifier? }` → `{ kind: 'simple', success: true }` or the
   * complex result `{ kind, success, result, degree }` (a complex action needs `dice`).
   */
  'narrative-action': (input) => {
    const o = record(input);
    const rating = int(o, 'rating');
    const difficulty = int(o, 'difficulty');
    if (narrativeActionKind(rating, difficulty) === 'simple')
      return { kind: 'simple', success: true };
    const modifier = optInt(o, 'modifier');
    return resolveComplexAction({
      rating,
      difficulty,
      dice: int(o, 'dice'),
      ...(modifier === undefined ? {} : { modifier }),
    });
  },

  /** `{ modifiers: { strategy?, creativity?, tool? }, role }` → `{ modifier }`. */
  'narrative-modifier': (input) => {
    const o = record(input);
    return {
      modifier: conflictModifier(
        modifiers(o.modifiers, 'input.modifiers'),
        oneOf(o, 'role', ['aggressor', 'defender'] as const),
      ),
    };
  },

  /** `{ totals: [{ id, total }] }` → `{ winner, degree }`. */
  'narrative-conflict': (input) =>
    conflictWinner(
      list(record(input), 'totals').map((v, i) => {
        const t = record(v, `input.totals[${i}]`);
        return {
          id: str(t, 'id', `input.totals[${i}]`),
          total: int(t, 'total', `input.totals[${i}]`),
        };
      }),
    ),

  /** `{ aggressor: side, defender: side }`, a side `{ id, rating, dice, modifiers? }` → the exchange. */
  'narrative-exchange': (input) => {
    const o = record(input);
    return resolveExchange(
      side(o.aggressor, 'input.aggressor'),
      side(o.defender, 'input.defender'),
    );
  },

  /** `{ participants: [side & { targetId? }] }` → `{ exchanges }`. */
  'narrative-simultaneous': (input) => ({
    exchanges: resolveSimultaneous(
      list(record(input), 'participants').map((v, i) => side(v, `input.participants[${i}]`)),
    ),
  }),

  /** `{ rating, dice, minionRating, modifier? }` → `{ result, success, degree, damageToCharacter }`. */
  'narrative-cinematic': (input) => {
    const o = record(input);
    const modifier = optInt(o, 'modifier');
    return resolveCinematic({
      rating: int(o, 'rating'),
      dice: int(o, 'dice'),
      minionRating: int(o, 'minionRating'),
      ...(modifier === undefined ? {} : { modifier }),
    });
  },

  /**
   * `{ entrants: [{ id, rating, surprise? }], method: aspect|roll, dice?: [totals] | seed? }` →
   * `{ order, rolls }`; `dice` scripts the 3dF totals in the order they are rolled.
   */
  'narrative-initiative': (input) => {
    const o = record(input);
    const entrants = list(o, 'entrants').map((v, i): InitiativeEntrant => {
      const e = record(v, `input.entrants[${i}]`);
      return {
        id: str(e, 'id', `input.entrants[${i}]`),
        rating: int(e, 'rating', `input.entrants[${i}]`),
        surprise: e.surprise === undefined ? false : bool(e, 'surprise', `input.entrants[${i}]`),
      };
    });
    const rng =
      o.dice !== undefined
        ? scriptedDice(list(o, 'dice').map((d, i) => int({ d }, 'd', `input.dice[${i}]`)))
        : seededRng(optInt(o, 'seed') ?? 1);
    return determineInitiative(entrants, oneOf(o, 'method', ['aspect', 'roll'] as const), rng);
  },

  /**
   * `{ aspects, shifts, choose? | damage?: { id: levels } }` → `{ count, options: [{ id: levels }],
   * applied?: { ok, ratings, incapacitated, takenOut } }`.
   */
  'narrative-damage': (input) => {
    const o = record(input);
    const c = sheet(o);
    const hit = { shifts: int(o, 'shifts'), kind: 'any' as const };
    const options = narrative.absorptionOptions(c, hit);
    const shown = options.map((opt) =>
      Object.fromEntries((opt.aspectDamage ?? []).map((d) => [d.aspectId, d.levels])),
    );
    const choose = optInt(o, 'choose');
    let option = choose === undefined ? undefined : options[choose];
    if (choose !== undefined && !option)
      throw new InputError(`input.choose: there is no option ${choose}`);
    if (o.damage !== undefined) {
      const d = record(o.damage, 'input.damage');
      option = {
        consequences: [],
        aspectDamage: Object.keys(d).map((aspectId) => ({
          aspectId,
          levels: int(d, aspectId, 'input.damage'),
        })),
        absorbs: hit.shifts,
        label: 'chosen',
      };
    }
    const base = { count: options.length, options: shown, labels: options.map((x) => x.label) };
    if (!option) return base;
    const r = narrative.applyAbsorption(c, hit, option, {});
    if (!r.ok) return { ...base, applied: r };
    const after = r.value.character;
    return {
      ...base,
      applied: {
        ok: true,
        ratings: ratings(after),
        incapacitated: isIncapacitated(after),
        takenOut: after.takenOut,
      },
    };
  },

  /** `{ aspects }` → `{ incapacitated }`. */
  'narrative-incapacitated': (input) => ({ incapacitated: isIncapacitated(sheet(record(input))) }),

  /**
   * `{ aspects: [{ id, rating, baseRating }], situationRemains, physical?, healed? }` →
   * `{ ok, ratings }` or `{ ok: false, code }`.
   */
  'narrative-recover': (input) => {
    const o = record(input);
    const r = narrativeRecover(sheet(o), {
      situationRemains: bool(o, 'situationRemains'),
      physical: o.physical === undefined ? false : bool(o, 'physical'),
      healed: o.healed === undefined ? false : bool(o, 'healed'),
    });
    return r.ok ? { ok: true, ratings: ratings(r.value) } : r;
  },

  /** `{ aspects, pc?: true, skills?: { id: rating } }` → `{ codes }` of the sheet's problems. */
  'narrative-validate': (input) => {
    const o = record(input);
    const c = sheet(o);
    const skills = o.skills === undefined ? {} : record(o.skills, 'input.skills');
    const withSkills = {
      ...c,
      skills: Object.keys(skills).map((id) => ({ id, rating: int(skills, id, 'input.skills') })),
    };
    return { codes: narrative.validateCharacter(withSkills).map((p) => p.code) };
  },
};
