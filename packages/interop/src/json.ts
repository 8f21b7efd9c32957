import { stripMarkup } from './markup';

/** Small readers for parsed JSON of unknown shape: each answers a value or `undefined`. */

export type JsonRecord = Record<string, unknown>;

export const isRecord = (value: unknown): value is JsonRecord =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

export const recordAt = (o: JsonRecord, key: string): JsonRecord | undefined => {
  const value = o[key];
  return isRecord(value) ? value : undefined;
};

export const arrayAt = (o: JsonRecord, key: string): unknown[] | undefined => {
  const value = o[key];
  return Array.isArray(value) ? value : undefined;
};

export const stringAt = (o: JsonRecord, key: string): string | undefined => {
  const value = o[key];
  return typeof value === 'string' ? value : undefined;
};

/** The records of an array, anything else skipped. */
export const records = (list: unknown[] | undefined): JsonRecord[] => (list ?? []).filter(isRecord);

/**
 * A whole number from a number or a string like "+2", "3", " -1 " (Fari stores every value as
 * text); `undefined` for blank or non-numeric text.
 */
export function integerOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value !== 'string') return undefined;
  // Trimmed first: `^\s*…\s*$` around an optional sign would let the two runs of white space
  // trade characters and backtrack. The sign is `+`, `-` or the minus sign U+2212.
  const text = stripMarkup(value, { lineBreak: '', tag: '' }).trim();
  const match = /^([+\-\u2212]?)\s*(\d{1,6})$/.exec(text);
  if (!match) return undefined;
  const n = Number(match[2]);
  return match[1] === '-' || match[1] === '−' ? -n : n;
}
