import type { Refusal } from '../context';
import { refuse } from '../context';
import type { PubRoots } from '../../doc/schema';
import type { YMap } from '../../doc/ymap';
import { str } from '../../doc/ymap';

/**
 * One name per character at a table: a compel, a gift or a roll is pointed at a character by
 * the name a person reads, and two "Kestrel Vance" sent a compel to the wrong one. Names are
 * compared as people read them: case, spaces around and between words, and Unicode's
 * equivalent spellings (a composed "é" and "e" + accent) make no difference.
 */

/** A name as compared: NFKC, words single-spaced, trimmed, lower case. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

/**
 * The other character already called `name` (as `nameKey` compares), if any. `self` is the
 * character being renamed, who may keep its own name.
 */
export function sameNamed<C extends { id: string; name: string }>(
  characters: Iterable<C>,
  name: string,
  self?: string,
): C | undefined {
  const key = nameKey(name);
  if (key === '') return undefined;
  for (const c of characters) if (c.id !== self && nameKey(c.name) === key) return c;
  return undefined;
}

/**
 * The refusal of a new name that another character has, or undefined. A character keeping its
 * name is never refused, so a table restored with two of a name can still edit both sheets.
 */
export function nameTaken(
  characters: Iterable<{ id: string; name: string }>,
  name: string,
  self?: { id: string; name: string },
): Refusal | undefined {
  if (self && nameKey(self.name) === nameKey(name)) return undefined;
  const other = sameNamed(characters, name, self?.id);
  if (!other) return undefined;
  return refuse(
    'invalid',
    `“${other.name}” is already a character at this table: give this one another name.`,
    { id: 'name-taken', params: { name: other.name } },
  );
}

/** Every character's id and name, read without decoding the sheets. */
export function tableNames(roots: PubRoots): { id: string; name: string }[] {
  const out: { id: string; name: string }[] = [];
  roots.characters.forEach((m, id) => out.push({ id, name: str(m as YMap, 'name') }));
  return out;
}
