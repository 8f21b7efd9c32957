import type { Character, HarmKind } from '../../core/character';
import type { AbsorptionOption, Ruleset } from '../../core/ruleset';
import type { Json } from '../input';
import {
  HARM_KINDS,
  InputError,
  TIME_MARKS,
  int,
  list,
  oneOf,
  optStr,
  record,
  str,
} from '../input';
import type { Operation } from '../run';
import { buildSheet, summarize, summarized } from '../sheet-input';
import { fateCore } from '../../rulesets/fate-core/ruleset';
import { pirates } from '../../rulesets/pirates/ruleset';
import { edgerunner } from '../../rulesets/edgerunner/ruleset';
import { fateCoreRecoveryOps, piratesRecoveryOps, recoveryRollOps } from './recovery';

/**
 * Rule-case operations for the two box-and-consequence games, `fate-core-*` and `pirates-*`:
 * a new sheet, its checks, absorbing a hit and time passing, here; recovery in
 * `recovery.ts`. A case's sheet is read and summarized by `sheet-input.ts`.
 */

function hitOf(o: Json): { shifts: number; kind: HarmKind } {
  const h = record(o.hit, 'input.hit');
  return { shifts: int(h, 'shifts', 'input.hit'), kind: oneOf(h, 'kind', HARM_KINDS, 'input.hit') };
}

function plainOption(o: AbsorptionOption): Json {
  return {
    label: o.label,
    absorbs: o.absorbs,
    consequences: o.consequences,
    stress: o.stress ?? null,
  };
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
      const marks = list(o, 'marks').map((m, i) =>
        oneOf({ m }, 'm', TIME_MARKS, `input.marks[${i}]`),
      );
      return summarize(
        marks.reduce((c, m) => ruleset.passTime(c, m), buildSheet(ruleset, o.sheet)),
      );
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
