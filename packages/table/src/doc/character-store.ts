import type { Character, RulesetId, TakenConsequence } from '@fateboard/rules';
import type { YMap } from './ymap';
import {
  bool,
  child,
  counts,
  listOf,
  num,
  optNum,
  optStr,
  peek,
  put,
  putFields,
  str,
  syncList,
} from './ymap';
import { MAX_POINTS } from './schema';

/**
 * A character lives in the public document as one Y.Map with small scalar fields and one
 * child map per list (aspects, skills, stunts, stress, consequences), each item its own
 * Y.Map keyed by its stable id. The rules work on the plain `Character`; `writeCharacter`
 * writes back only the fields that changed, so a fate point spent rewrites one number.
 */

/** What the table keeps about a character besides its sheet. */
export interface CharacterTableState {
  /** The seat that plays it, `gm` for NPCs, absent for an unclaimed character. */
  owner?: string;
  /** Fate points held for it until the scene ends (hostile invokes) [CORE-FP-9]. */
  owed: number;
  /** Consequences taken in the current conflict, for concession [CORE-FP-10]. */
  conflictConsequences: number;
  /** Free invokes on its sheet aspects and consequences: aspect or slot id → owner → count. */
  freeInvokes: Record<string, Record<string, number>>;
  /** Its portrait, by content hash (`ImageHash`); the image itself is never in a document. */
  portrait?: string;
}

export type CharacterRecord = Character & CharacterTableState;

export function readCharacter(map: YMap): CharacterRecord {
  const freeInvokes: Record<string, Record<string, number>> = {};
  peek(map, 'invokes')?.forEach((value, key) => {
    const c = counts(value as YMap);
    if (Object.keys(c).length > 0) freeInvokes[key] = c;
  });
  const character: CharacterRecord = {
    id: str(map, 'id'),
    name: str(map, 'name'),
    ruleset: str(map, 'ruleset') as RulesetId,
    npc: bool(map, 'npc'),
    aspects: listOf(peek(map, 'aspects')).map((a) => {
      const rating = optNum(a, 'rating');
      const baseRating = optNum(a, 'baseRating');
      return {
        id: str(a, 'id'),
        slot: str(a, 'slot') as Character['aspects'][number]['slot'],
        text: str(a, 'text'),
        ...(rating === undefined ? {} : { rating }),
        ...(baseRating === undefined ? {} : { baseRating }),
        ...(a.has('permanent') ? { permanent: bool(a, 'permanent') } : {}),
      };
    }),
    skills: listOf(peek(map, 'skills')).map((s) => ({
      id: str(s, 'id'),
      rating: num(s, 'rating'),
    })),
    stunts: listOf(peek(map, 'stunts')).map((s) => ({
      id: str(s, 'id'),
      name: str(s, 'name'),
      text: str(s, 'text'),
      ...(bool(s, 'zoneAttack') ? { zoneAttack: true } : {}),
    })),
    refresh: num(map, 'refresh'),
    fatePoints: num(map, 'fatePoints'),
    stress: listOf(peek(map, 'stress')).map((t) => {
      const checked = peek(t, 'checked');
      const values = (t.get('values') as number[] | undefined) ?? [];
      return {
        id: str(t, 'id'),
        kind: str(t, 'kind') as Character['stress'][number]['kind'],
        label: str(t, 'label'),
        boxes: values.map((value, k) => ({ value, checked: checked?.get(String(k)) === true })),
      };
    }),
    consequences: listOf(peek(map, 'consequences')).map((c) => {
      const reservedFor = optStr(c, 'reservedFor') as 'physical' | 'mental' | undefined;
      const taken = c.get('taken') as TakenConsequence | undefined;
      return {
        id: str(c, 'id'),
        severity: str(c, 'severity') as Character['consequences'][number]['severity'],
        value: num(c, 'value'),
        ...(reservedFor === undefined ? {} : { reservedFor }),
        ...(taken === undefined ? {} : { taken: structuredClone(taken) }),
      };
    }),
    takenOut: bool(map, 'takenOut'),
    owed: num(map, 'owed'),
    conflictConsequences: num(map, 'conflictConsequences'),
    freeInvokes,
  };
  if (map.has('primaryMagic')) character.primaryMagic = bool(map, 'primaryMagic');
  if (map.has('extremeUsed')) character.extremeUsed = bool(map, 'extremeUsed');
  const owner = optStr(map, 'owner');
  if (owner !== undefined) character.owner = owner;
  const portrait = optStr(map, 'portrait');
  if (portrait !== undefined) character.portrait = portrait;
  return character;
}

/** Writes a character's sheet, touching only what differs from the stored one. */
export function writeCharacter(map: YMap, c: Character): void {
  putFields(map, c, [
    'id',
    'name',
    'ruleset',
    'npc',
    'refresh',
    'fatePoints',
    'takenOut',
    'primaryMagic',
    'extremeUsed',
  ]);
  syncList(child(map, 'aspects'), c.aspects, (t, a) =>
    putFields(t, a, ['id', 'slot', 'text', 'rating', 'baseRating', 'permanent']),
  );
  syncList(child(map, 'skills'), c.skills, (t, s) => putFields(t, s, ['id', 'rating']));
  syncList(child(map, 'stunts'), c.stunts, (t, s) => {
    putFields(t, s, ['id', 'name', 'text']);
    put(t, 'zoneAttack', s.zoneAttack === true ? true : undefined);
  });
  syncList(child(map, 'stress'), c.stress, (t, s) => {
    putFields(t, s, ['id', 'kind', 'label']);
    put(
      t,
      'values',
      s.boxes.map((b) => b.value),
    );
    const checked = child(t, 'checked');
    s.boxes.forEach((b, k) => put(checked, String(k), b.checked ? true : undefined));
    for (const key of [...checked.keys()]) if (Number(key) >= s.boxes.length) checked.delete(key);
  });
  syncList(child(map, 'consequences'), c.consequences, (t, s) =>
    putFields(t, s, ['id', 'severity', 'value', 'reservedFor', 'taken']),
  );
}

/** Writes the table-side fields (owner, portrait, owed points, conflict count). */
export function writeTableState(map: YMap, s: Partial<CharacterTableState>): void {
  if ('owner' in s) put(map, 'owner', s.owner);
  if ('portrait' in s) put(map, 'portrait', s.portrait);
  if (s.owed !== undefined) put(map, 'owed', s.owed === 0 ? undefined : s.owed);
  if (s.conflictConsequences !== undefined) {
    put(
      map,
      'conflictConsequences',
      s.conflictConsequences === 0 ? undefined : s.conflictConsequences,
    );
  }
}

/** Sets the free invokes one owner holds on a sheet aspect or consequence. */
export function setSheetInvokes(map: YMap, aspectId: string, owner: string, count: number): void {
  const all = child(map, 'invokes');
  const one = child(all, aspectId);
  put(one, owner, count > 0 ? Math.min(count, MAX_POINTS) : undefined);
  if (one.size === 0) all.delete(aspectId);
}

/** Drops free invokes on sheet aspects or consequences that no longer exist. */
export function pruneSheetInvokes(map: YMap, live: ReadonlySet<string>): void {
  const all = peek(map, 'invokes');
  if (!all) return;
  for (const key of [...all.keys()]) if (!live.has(key)) all.delete(key);
}
