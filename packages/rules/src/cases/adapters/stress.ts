import type { Character, HarmKind } from '../../core/character';
import type { AbsorptionOption, Ruleset, TimeMark } from '../../core/ruleset';
import type { Result } from '../../core/types';
import type { Json } from '../input';
import { bool, InputError, int, list, oneOf, optStr, record, str } from '../input';
import type { Operation } from '../run';
import { syncFateCoreSheet } from '../../rulesets/fate-core/template';
import {
  attemptFateCoreRecovery,
  fateCoreRecoveryDifficulty,
  startFateCoreRecovery,
} from '../../rulesets/fate-core/recovery';
import { fateCore } from '../../rulesets/fate-core/ruleset';
import { attemptPiratesRecovery, piratesRecoveryDifficulty } from '../../rulesets/pirates/stress';
import { pirates } from '../../rulesets/pirates/ruleset';
import { edgerunner } from '../../rulesets/edgerunner/ruleset';
import { healConsequence, recoverAfterRoll, recoveryRollDifficulty } from '../../rulesets/recovery';

/**
 * Rule-case operations for the two box-and-consequence games, `fate-core-*` and `pirates-*`.
 * A case describes a sheet briefly (`sheet`, see `buildSheet`) instead of a whole Character,
 * and gets back a summary (`summarize`) that is easy to write an `expect` for.
 */

const KINDS: readonly HarmKind[] = ['physical', 'mental', 'any'];
const MARKS: readonly TimeMark[] = [
  'scene-end',
  'session-end',
  'scenario-end',
  'refresh',
  'major-milestone',
];
const SEVERITIES = ['mild', 'moderate', 'severe', 'extreme'] as const;

function numbers(o: Json, key: string, where: string): number[] {
  return list(o, key, where).map((v, i) => {
    if (typeof v !== 'number' || !Number.isInteger(v)) {
      throw new InputError(`${where}.${key}[${i}] must be a whole number`);
    }
    return v;
  });
}

function entries<T>(
  o: Json,
  key: string,
  read: (r: Json, k: string, w: string) => T,
): [string, T][] {
  if (o[key] === undefined) return [];
  const r = record(o[key], `input.sheet.${key}`);
  return Object.keys(r).map((k) => [k, read(r, k, `input.sheet.${key}`)]);
}

/**
 * A sheet from a short description, all keys optional: `name`, `npc`, `skills` {id: rating},
 * `extraSkills` {id: rating} (appended, e.g. an unknown skill), `aspects` {id: text},
 * `dropAspects` [id], `stunts` (count), `refresh`, `fatePoints`, `primaryMagic`,
 * `extremeUsed`, `boxes` {trackId: [values]} (replace a track's boxes), `checked`
 * {trackId: [box values]}, `taken` {slotId: text}, `recovering` {slotId: text}.
 */
export function buildSheet(ruleset: Ruleset, input: unknown): Character {
  const s = input === undefined ? {} : record(input, 'input.sheet');
  let c = ruleset.newCharacter({
    id: optStr(s, 'id', 'input.sheet') ?? 'pc',
    name: optStr(s, 'name', 'input.sheet') ?? 'PC',
    npc: s.npc === undefined ? false : bool(s, 'npc', 'input.sheet'),
  });
  const skills = Object.fromEntries(entries(s, 'skills', int));
  c = {
    ...c,
    skills: [
      ...c.skills.map((k) => ({ ...k, rating: skills[k.id] ?? k.rating })),
      ...entries(s, 'extraSkills', int).map(([id, rating]) => ({ id, rating })),
    ],
  };
  if (ruleset.id === 'fate-core') c = syncFateCoreSheet(c);
  const aspects = Object.fromEntries(entries(s, 'aspects', str));
  const dropped = s.dropAspects === undefined ? [] : list(s, 'dropAspects', 'input.sheet');
  c = {
    ...c,
    aspects: c.aspects
      .filter((a) => !dropped.includes(a.id))
      .map((a) => ({ ...a, text: aspects[a.id] ?? a.text })),
  };
  if (s.stunts !== undefined) {
    c.stunts = Array.from({ length: int(s, 'stunts', 'input.sheet') }, (_, i) => ({
      id: `stunt-${i + 1}`,
      name: `Stunt ${i + 1}`,
      text: '',
    }));
  }
  if (s.refresh !== undefined) c.refresh = int(s, 'refresh', 'input.sheet');
  if (s.fatePoints !== undefined) c.fatePoints = int(s, 'fatePoints', 'input.sheet');
  if (s.primaryMagic !== undefined) c.primaryMagic = bool(s, 'primaryMagic', 'input.sheet');
  if (s.extremeUsed !== undefined) c.extremeUsed = bool(s, 'extremeUsed', 'input.sheet');
  const boxes = Object.fromEntries(entries(s, 'boxes', (r, k, w) => numbers(r, k, w)));
  const checked = Object.fromEntries(entries(s, 'checked', (r, k, w) => numbers(r, k, w)));
  c.stress = c.stress.map((t) => {
    const values = boxes[t.id] ?? t.boxes.map((b) => b.value);
    const marks = checked[t.id] ?? [];
    return { ...t, boxes: values.map((value) => ({ value, checked: marks.includes(value) })) };
  });
  const taken = Object.fromEntries(entries(s, 'taken', str));
  const recovering = Object.fromEntries(entries(s, 'recovering', str));
  for (const id of [...Object.keys(taken), ...Object.keys(recovering)]) {
    if (!c.consequences.some((slot) => slot.id === id)) {
      throw new InputError(`input.sheet has no consequence slot "${id}"`);
    }
  }
  c.consequences = c.consequences.map((slot) => {
    const t = taken[slot.id];
    const r = recovering[slot.id];
    if (r !== undefined) {
      const elapsed = { scenes: 0, sessions: 0, scenarios: 0, refreshes: 0 };
      return { ...slot, taken: { text: r, recovering: true, elapsed } };
    }
    return t === undefined ? slot : { ...slot, taken: { text: t, recovering: false } };
  });
  return c;
}

/** What a case usually asserts about a sheet, keyed by ids. */
export function summarize(c: Character): Json {
  return {
    boxes: Object.fromEntries(c.stress.map((t) => [t.id, t.boxes.map((b) => b.value)])),
    checked: Object.fromEntries(
      c.stress.map((t) => [t.id, t.boxes.filter((b) => b.checked).map((b) => b.value)]),
    ),
    slots: Object.fromEntries(c.consequences.map((s) => [s.id, s.value])),
    reserved: Object.fromEntries(
      c.consequences.flatMap((s) => (s.reservedFor ? [[s.id, s.reservedFor]] : [])),
    ),
    taken: Object.fromEntries(
      c.consequences.flatMap((s) => (s.taken ? [[s.id, s.taken.text]] : [])),
    ),
    recovering: c.consequences.filter((s) => s.taken?.recovering).map((s) => s.id),
    aspects: Object.fromEntries(c.aspects.map((a) => [a.id, a.text])),
    refresh: c.refresh,
    fatePoints: c.fatePoints,
    extremeUsed: c.extremeUsed ?? false,
    takenOut: c.takenOut,
  };
}

function hitOf(o: Json): { shifts: number; kind: HarmKind } {
  const h = record(o.hit, 'input.hit');
  return { shifts: int(h, 'shifts', 'input.hit'), kind: oneOf(h, 'kind', KINDS, 'input.hit') };
}

function plainOption(o: AbsorptionOption): Json {
  return {
    label: o.label,
    absorbs: o.absorbs,
    consequences: o.consequences,
    stress: o.stress ?? null,
  };
}

function summarized<T>(r: Result<T>, view: (v: T) => Json): Json {
  return r.ok ? { ok: true, ...view(r.value) } : { ok: false, code: r.code, message: r.message };
}

/**
 * The option to apply: `choose` (an index into the listed options) or `option`
 * ({ stress?: {trackId, boxIndex}, consequences }), which may be one the rules refuse.
 */
function optionOf(ruleset: Ruleset, c: Character, o: Json): AbsorptionOption {
  let option: AbsorptionOption;
  if (o.choose !== undefined) {
    const options = ruleset.absorptionOptions(c, hitOf(o));
    const i = int(o, 'choose');
    const picked = options[i];
    if (!picked) throw new InputError(`input.choose ${i} is past the ${options.length} options`);
    option = picked;
  } else {
    const r = record(o.option, 'input.option');
    const consequences = list(r, 'consequences', 'input.option').map(String);
    option = { consequences, absorbs: 0, label: '' };
    if (r.stress !== undefined) {
      const st = record(r.stress, 'input.option.stress');
      option.stress = {
        trackId: str(st, 'trackId', 'input.option.stress'),
        boxIndex: int(st, 'boxIndex', 'input.option.stress'),
        value: 0,
      };
    }
  }
  const aspect = optStr(o, 'replacesAspectId');
  return aspect === undefined ? option : { ...option, replacesAspectId: aspect };
}

function names(o: Json): Record<string, string> {
  if (o.names === undefined) return {};
  const r = record(o.names, 'input.names');
  return Object.fromEntries(Object.keys(r).map((k) => [k, str(r, k, 'input.names')]));
}

function operationsFor(ruleset: Ruleset): Record<string, Operation> {
  const p = ruleset.id;
  return {
    /** `{ sheet? }` → the sheet summary. */
    [`${p}-new-character`]: (input) => summarize(buildSheet(ruleset, record(input).sheet)),

    /** `{ sheet? }` → `{ valid, codes, problems }`. */
    [`${p}-validate-character`]: (input) => {
      const problems = ruleset.validateCharacter(buildSheet(ruleset, record(input).sheet));
      return { valid: problems.length === 0, codes: problems.map((x) => x.code), problems };
    },

    /** `{ sheet?, hit: { shifts, kind } }` → `{ takenOut, labels, options }`. */
    [`${p}-absorption-options`]: (input) => {
      const o = record(input);
      const options = ruleset.absorptionOptions(buildSheet(ruleset, o.sheet), hitOf(o));
      return {
        takenOut: options.length === 0,
        labels: options.map((x) => x.label),
        options: options.map(plainOption),
      };
    },

    /**
     * `{ sheet?, hit, choose | option, names?, replacesAspectId? }` → `{ ok, grants, sheet }`
     * or `{ ok: false, code, message }`.
     */
    [`${p}-apply-absorption`]: (input) => {
      const o = record(input);
      const c = buildSheet(ruleset, o.sheet);
      const r = ruleset.applyAbsorption(c, hitOf(o), optionOf(ruleset, c, o), names(o));
      return summarized(r, (v) => ({ grants: v.grants, sheet: summarize(v.character) }));
    },

    /** `{ sheet?, marks: [TimeMark] }` → the sheet summary after each mark in turn. */
    [`${p}-pass-time`]: (input) => {
      const o = record(input);
      const marks = list(o, 'marks').map((m, i) => oneOf({ m }, 'm', MARKS, `input.marks[${i}]`));
      return summarize(
        marks.reduce((c, m) => ruleset.passTime(c, m), buildSheet(ruleset, o.sheet)),
      );
    },
  };
}

function fateCoreRecoveryOps(): Record<string, Operation> {
  return {
    /** `{ severity, treatingSelf? }` → `{ ok, value }` or a refusal. */
    'fate-core-recovery-difficulty': (input) => {
      const o = record(input);
      const self = o.treatingSelf === undefined ? false : bool(o, 'treatingSelf');
      return fateCoreRecoveryDifficulty(oneOf(o, 'severity', SEVERITIES), self);
    },
    /** `{ sheet, slotId, result, treatingSelf?, newName? }` → `{ ok, outcome, difficulty, sheet }`. */
    'fate-core-recovery': (input) => {
      const o = record(input);
      const newName = optStr(o, 'newName');
      const r = attemptFateCoreRecovery(buildSheet(fateCore, o.sheet), {
        slotId: str(o, 'slotId'),
        result: int(o, 'result'),
        treatingSelf: o.treatingSelf === undefined ? false : bool(o, 'treatingSelf'),
        ...(newName === undefined ? {} : { newName }),
      });
      return summarized(r, (v) => ({
        outcome: v.outcome,
        difficulty: v.difficulty,
        sheet: summarize(v.character),
      }));
    },
    /** `{ sheet, slotId, newName? }`: recovery started without a roll (e.g. a healing potion). */
    'fate-core-start-recovery': (input) => {
      const o = record(input);
      const r = startFateCoreRecovery(
        buildSheet(fateCore, o.sheet),
        str(o, 'slotId'),
        optStr(o, 'newName'),
      );
      return summarized(r, (v) => ({ sheet: summarize(v) }));
    },
  };
}

function piratesRecoveryOps(): Record<string, Operation> {
  return {
    /** `{ severity }` → `{ ok, value }` or a refusal. */
    'pirates-recovery-difficulty': (input) =>
      piratesRecoveryDifficulty(oneOf(record(input), 'severity', SEVERITIES)),
    /** `{ sheet, slotId, result, newName? }` → `{ ok, outcome, difficulty, sheet }`. */
    'pirates-recovery': (input) => {
      const o = record(input);
      const newName = optStr(o, 'newName');
      const r = attemptPiratesRecovery(buildSheet(pirates, o.sheet), {
        slotId: str(o, 'slotId'),
        result: int(o, 'result'),
        ...(newName === undefined ? {} : { newName }),
      });
      return summarized(r, (v) => ({
        outcome: v.outcome,
        difficulty: v.difficulty,
        sheet: summarize(v.character),
      }));
    },
  };
}

/**
 * The recovery roll as the table plays it (rulesets/recovery.ts), per game: `<id>-recovery-roll`
 * `{ sheet, slotId, treatingSelf? }` → the difficulty or a refusal; `<id>-recovery-after-roll`
 * `{ sheet, slotId, succeeded, newName? }` → `{ ok, started, sheet }`; `<id>-heal`
 * `{ sheet, slotId }` → `{ ok, to, sheet }` (fate-core only [FC-HEAL-1]).
 */
function recoveryRollOps(ruleset: Ruleset): Record<string, Operation> {
  return {
    [`${ruleset.id}-recovery-roll`]: (input) => {
      const o = record(input);
      const self = o.treatingSelf === undefined ? false : bool(o, 'treatingSelf');
      return recoveryRollDifficulty(
        ruleset.id,
        buildSheet(ruleset, o.sheet),
        str(o, 'slotId'),
        self,
      );
    },
    [`${ruleset.id}-recovery-after-roll`]: (input) => {
      const o = record(input);
      const newName = optStr(o, 'newName');
      const r = recoverAfterRoll(ruleset.id, buildSheet(ruleset, o.sheet), {
        slotId: str(o, 'slotId'),
        succeeded: bool(o, 'succeeded'),
        ...(newName === undefined ? {} : { newName }),
      });
      return summarized(r, (v) => ({ started: v.started, sheet: summarize(v.character) }));
    },
    [`${ruleset.id}-heal`]: (input) => {
      const o = record(input);
      const r = healConsequence(ruleset.id, buildSheet(ruleset, o.sheet), str(o, 'slotId'));
      return summarized(r, (v) => ({ to: v.to.id, sheet: summarize(v.character) }));
    },
  };
}

/** Spread into the registry in cases/operations.ts. */
export const stressOperations: Record<string, Operation> = {
  ...operationsFor(fateCore),
  ...fateCoreRecoveryOps(),
  ...operationsFor(pirates),
  ...piratesRecoveryOps(),
  ...recoveryRollOps(fateCore),
  ...recoveryRollOps(pirates),
  ...recoveryRollOps(edgerunner),
};
