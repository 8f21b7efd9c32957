import type { Character } from '../core/character';
import type { Ruleset } from '../core/ruleset';
import type { Result } from '../core/types';
import type { Json } from './input';
import { bool, InputError, int, list, optStr, record, str } from './input';
import { syncFateCoreSheet } from '../rulesets/fate-core/template';

/**
 * The sheets of the box-and-consequence games' cases (`adapters/stress.ts`,
 * `adapters/recovery.ts`): a case describes a sheet briefly (`buildSheet`) instead of a whole
 * Character, and gets back a summary (`summarize`) that is easy to write an `expect` for.
 */

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

/** A rules result as a case expects it: `{ ok: true, …view }` or the refusal's code and message. */
export function summarized<T>(r: Result<T>, view: (v: T) => Json): Json {
  return r.ok ? { ok: true, ...view(r.value) } : { ok: false, code: r.code, message: r.message };
}
