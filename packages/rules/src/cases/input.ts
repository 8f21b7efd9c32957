import type { HarmKind } from '../core/character';
import type { TimeMark } from '../core/ruleset';

/**
 * Small readers that check an operation's JSON input and say exactly what is wrong and where
 * (`input.state.gmPool must be a whole number`), so a badly written case fails with a reason
 * instead of a TypeError deep inside the rules. Ruleset operations may use them too.
 */

/** The harm kinds and the marks of time a case may name, for `oneOf`. */
export const HARM_KINDS: readonly HarmKind[] = ['physical', 'mental', 'any'];
export const TIME_MARKS: readonly TimeMark[] = [
  'scene-end',
  'session-end',
  'scenario-end',
  'refresh',
  'major-milestone',
];

export class InputError extends Error {
  override name = 'InputError';
}

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function record(value: unknown, where = 'input'): Json {
  if (!isRecord(value)) throw new InputError(`${where} must be an object, got ${describe(value)}`);
  return value;
}

export function field(o: Json, key: string, where = 'input'): unknown {
  if (!(key in o)) throw new InputError(`${where}.${key} is missing`);
  return o[key];
}

export function int(o: Json, key: string, where = 'input'): number {
  const v = field(o, key, where);
  if (typeof v !== 'number' || !Number.isInteger(v)) {
    throw new InputError(`${where}.${key} must be a whole number, got ${describe(v)}`);
  }
  return v;
}

export function optInt(o: Json, key: string, where = 'input'): number | undefined {
  return o[key] === undefined ? undefined : int(o, key, where);
}

export function str(o: Json, key: string, where = 'input'): string {
  const v = field(o, key, where);
  if (typeof v !== 'string')
    throw new InputError(`${where}.${key} must be a string, got ${describe(v)}`);
  return v;
}

export function optStr(o: Json, key: string, where = 'input'): string | undefined {
  return o[key] === undefined ? undefined : str(o, key, where);
}

export function bool(o: Json, key: string, where = 'input'): boolean {
  const v = field(o, key, where);
  if (typeof v !== 'boolean')
    throw new InputError(`${where}.${key} must be true or false, got ${describe(v)}`);
  return v;
}

export function oneOf<T extends string>(
  o: Json,
  key: string,
  options: readonly T[],
  where = 'input',
): T {
  const v = field(o, key, where);
  if (typeof v !== 'string' || !(options as readonly string[]).includes(v)) {
    throw new InputError(
      `${where}.${key} must be one of ${options.join(', ')}; got ${describe(v)}`,
    );
  }
  return v as T;
}

export function list(o: Json, key: string, where = 'input'): unknown[] {
  const v = field(o, key, where);
  if (!Array.isArray(v))
    throw new InputError(`${where}.${key} must be an array, got ${describe(v)}`);
  return v;
}

/** A record of whole numbers, e.g. balances by character id. */
export function counts(o: Json, key: string, where = 'input'): Record<string, number> {
  const r = record(field(o, key, where), `${where}.${key}`);
  for (const k of Object.keys(r)) int(r, k, `${where}.${key}`);
  return r as Record<string, number>;
}

export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  // JSON.stringify gives undefined only for functions and symbols, which JSON input never holds.
  return JSON.stringify(value) ?? typeof value;
}
