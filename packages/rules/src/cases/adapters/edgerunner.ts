import type { Character } from '../../core/character';
import {
  bool,
  HARM_KINDS,
  int,
  InputError,
  list,
  oneOf,
  optInt,
  record,
  str,
  TIME_MARKS,
  type Json,
} from '../input';
import type { Operation } from '../run';
import {
  declarationSkill,
  freeInvokesForShifts,
  resolveAspectAction,
  resolveAspectRemoval,
} from '../../rulesets/edgerunner/actions';
import { checkAspectChange } from '../../rulesets/edgerunner/aspects';
import {
  modifyEdgerunnerConsequence,
  takeVoluntaryConsequence,
} from '../../rulesets/edgerunner/consequences';
import { edgerunner } from '../../rulesets/edgerunner/ruleset';
import { syncEdgerunnerStress } from '../../rulesets/edgerunner/template';

/** Rule-case operations for cases/edgerunner; each checks its own JSON input. */
const KINDS = ['declaration', 'assessment', 'maneuver'] as const;
const SLOTS = ['mild', 'moderate', 'severe'] as const;

function optBonus(o: Json): { bonus?: number } {
  const bonus = optInt(o, 'bonus');
  return bonus === undefined ? {} : { bonus };
}

/** A character with the given skills and consequences already taken, `{ slotId, text }`. */
function sheet(o: Json): Character {
  let c = edgerunner.newCharacter({ id: 'pc', name: 'PC' });
  if (o.skills !== undefined) {
    const skills = record(o.skills, 'input.skills');
    c = {
      ...c,
      skills: Object.keys(skills).map((id) => ({ id, rating: int(skills, id, 'input.skills') })),
    };
    c = syncEdgerunnerStress(c);
  }
  if (o.aspects !== undefined && bool(o, 'aspects')) {
    c = { ...c, aspects: c.aspects.map((a, i) => ({ ...a, text: `Aspect ${i + 1}` })) };
  }
  if (o.taken !== undefined) {
    for (const [i, t] of list(o, 'taken').entries()) {
      const e = record(t, `input.taken[${i}]`);
      const r = takeVoluntaryConsequence(c, {
        slotId: oneOf(e, 'slotId', SLOTS),
        text: str(e, 'text'),
        actorControls: true,
      });
      if (!r.ok) throw new InputError(`input.taken[${i}]: ${r.message}`);
      c = r.value.character;
    }
  }
  if (o.checked !== undefined) {
    for (const [i, t] of list(o, 'checked').entries()) {
      const e = record(t, `input.checked[${i}]`);
      const trackId = oneOf(e, 'trackId', ['physical', 'mental'] as const);
      const boxIndex = int(e, 'boxIndex');
      c = {
        ...c,
        stress: c.stress.map((tr) =>
          tr.id === trackId
            ? {
                ...tr,
                boxes: tr.boxes.map((b, j) => (j === boxIndex ? { ...b, checked: true } : b)),
              }
            : tr,
        ),
      };
    }
  }
  return c;
}

/** Consequence slots as `{ mild: text | null, … }`. */
function slots(c: Character): Record<string, string | null> {
  return Object.fromEntries(c.consequences.map((s) => [s.id, s.taken?.text ?? null]));
}

export const edgerunnerOperations: Record<string, Operation> = {
  /** `{ shifts }` → `{ freeInvokes }` by the table alone. */
  'edgerunner-free-invokes': (input) => ({
    freeInvokes: freeInvokesForShifts(int(record(input), 'shifts')),
  }),

  /**
   * `{ kind, skill | (supporters, opposers), opposition?, dice, bonus? }` → `{ kind, result,
   * shifts, succeeded, freeInvokes, persistence }`; a declaration may give its vote instead of a
   * skill, and its opposition defaults to 0.
   */
  'edgerunner-aspect-action': (input) => {
    const o = record(input);
    const kind = oneOf(o, 'kind', KINDS);
    const skill =
      o.skill !== undefined
        ? int(o, 'skill')
        : declarationSkill(int(o, 'supporters'), int(o, 'opposers'));
    return resolveAspectAction({
      kind,
      skill,
      opposition: optInt(o, 'opposition') ?? 0,
      dice: int(o, 'dice'),
      ...optBonus(o),
    });
  },

  /** `{ skill, dice, persistence, bonus? }` → `{ result, shifts, removed }`. */
  'edgerunner-remove-aspect': (input) => {
    const o = record(input);
    return resolveAspectRemoval({
      skill: int(o, 'skill'),
      dice: int(o, 'dice'),
      persistence: int(o, 'persistence'),
      ...optBonus(o),
    });
  },

  /**
   * `{ actor: gm|player, actorControlsTarget, change: add|modify|remove, permanent, atRefresh?,
   * targetTakenOutByActor? }` → `{ ok, value: requirement }` or `{ ok: false, code }`.
   */
  'edgerunner-aspect-change': (input) => {
    const o = record(input);
    return checkAspectChange({
      actor: oneOf(o, 'actor', ['gm', 'player'] as const),
      actorControlsTarget: bool(o, 'actorControlsTarget'),
      change: oneOf(o, 'change', ['add', 'modify', 'remove'] as const),
      permanent: bool(o, 'permanent'),
      atRefresh: o.atRefresh === undefined ? false : bool(o, 'atRefresh'),
      targetTakenOutByActor:
        o.targetTakenOutByActor === undefined ? false : bool(o, 'targetTakenOutByActor'),
    });
  },

  /**
   * `{ taken?: [{ slotId, text }], slotId, text, actorControls }` → `{ ok, bonus, slots }` or
   * `{ ok: false, code }`.
   */
  'edgerunner-take-consequence': (input) => {
    const o = record(input);
    const r = takeVoluntaryConsequence(sheet(o), {
      slotId: str(o, 'slotId'),
      text: str(o, 'text'),
      actorControls: bool(o, 'actorControls'),
    });
    return r.ok ? { ok: true, bonus: r.value.bonus, slots: slots(r.value.character) } : r;
  },

  /** `{ taken: [{ slotId, text }], marks: [TimeMark…] }` → `{ slots }` after the marks pass. */
  'edgerunner-pass-time': (input) => {
    const o = record(input);
    let c = sheet(o);
    for (const [i, m] of list(o, 'marks').entries()) {
      c = edgerunner.passTime(c, oneOf({ m }, 'm', TIME_MARKS, `input.marks[${i}]`));
    }
    return {
      slots: slots(c),
      checked: c.stress.flatMap((t) =>
        t.boxes.filter((b) => b.checked).map((b) => `${t.id}:${b.value}`),
      ),
    };
  },

  /**
   * `{ taken: [{ slotId, text }], slotId, newText, skill, dice, bonus? }` → `{ ok, result,
   * shifts, modified, slots }`.
   */
  'edgerunner-modify-consequence': (input) => {
    const o = record(input);
    const r = modifyEdgerunnerConsequence(sheet(o), {
      slotId: str(o, 'slotId'),
      newText: str(o, 'newText'),
      skill: int(o, 'skill'),
      dice: int(o, 'dice'),
      ...optBonus(o),
    });
    if (!r.ok) return r;
    const { character, ...rest } = r.value;
    return { ok: true, ...rest, slots: slots(character) };
  },

  /**
   * `{ skills?: { physique, will }, checked?: [{ trackId, boxIndex }], taken?, hit: { shifts,
   * kind }, choose?: index }` → `{ options: [{ trackId, value, label }], applied? }`.
   */
  'edgerunner-absorb': (input) => {
    const o = record(input);
    const c = sheet(o);
    const h = record(o.hit, 'input.hit');
    const hit = {
      shifts: int(h, 'shifts', 'input.hit'),
      kind: oneOf(h, 'kind', HARM_KINDS, 'input.hit'),
    };
    const options = edgerunner.absorptionOptions(c, hit);
    const shown = options.map((opt) => ({
      trackId: opt.stress?.trackId ?? null,
      value: opt.stress?.value ?? 0,
      absorbs: opt.absorbs,
      label: opt.label,
    }));
    const choose = optInt(o, 'choose');
    if (choose === undefined) return { options: shown };
    const opt = options[choose];
    if (!opt) throw new InputError(`input.choose: there is no option ${choose}`);
    const r = edgerunner.applyAbsorption(c, hit, opt, {});
    if (!r.ok) return { options: shown, applied: r };
    const checked = r.value.character.stress.flatMap((t) =>
      t.boxes.filter((b) => b.checked).map((b) => `${t.id}:${b.value}`),
    );
    return { options: shown, applied: { ok: true, checked, grants: r.value.grants } };
  },

  /** `{ skills?, aspects?: true, refresh? }` → `{ codes }` of the sheet's problems. */
  'edgerunner-validate': (input) => {
    const o = record(input);
    const c = sheet(o);
    const refresh = optInt(o, 'refresh');
    const npc = o.npc === undefined ? false : bool(o, 'npc');
    const problems = edgerunner.validateCharacter({
      ...c,
      npc,
      ...(refresh === undefined ? {} : { refresh }),
    });
    return { codes: problems.map((p) => p.code) };
  },
};
