import type { Refused } from '../errors';
import { refused } from '../errors';
import type { FoundCharacter } from '../found';
import type { JsonRecord } from '../json';
import { stringAt } from '../json';
import { readFariSections } from './read';
import type { FariShape } from './shape';
import { fariSections } from './shape';

export type FariRead =
  { ok: true; found: FoundCharacter; shape: FariShape; version?: number } | Refused;

/** Whether a parsed file looks like something Fari wrote (any entity type). */
export function looksLikeFari(o: JsonRecord): boolean {
  if (typeof o.fariType === 'string') return true;
  // Files from before `fariType`: pages (version 3 on) or the flat lists of versions 1 and 2.
  const flat = Array.isArray(o.aspects) && Array.isArray(o.stressTracks);
  return typeof o.version === 'number' && (Array.isArray(o.pages) || flat);
}

/** A Fari character file read into what Fateboard knows, or why it is not one. */
export function readFariCharacter(o: JsonRecord): FariRead {
  const type = stringAt(o, 'fariType');
  if (type === 'scene') {
    return refused(
      'fari-scene',
      'This is a Fari scene, not a character: export the character from Fari’s Characters page.',
    );
  }
  if (type !== undefined && type !== 'character') {
    return refused('fari-other', `This is a Fari ${type.slice(0, 40)}, not a character.`);
  }
  const version = typeof o.version === 'number' ? o.version : undefined;
  if (!Array.isArray(o.pages)) {
    // Versions 1 and 2 kept aspects, skills and stress as flat lists, before pages existed.
    if (Array.isArray(o.aspects) && version !== undefined && version < 3) {
      return refused(
        'unsupported-version',
        `This Fari character is version ${version}: open it in Fari once to bring it up to date, then export it again.`,
      );
    }
    return refused('not-a-character', 'This Fari file has no character pages.');
  }
  const layout = fariSections(o);
  if (!layout.ok)
    return refused(
      'not-a-character',
      `This Fari file cannot be read as a character: ${layout.why}.`,
    );
  const found = readFariSections(stringAt(o, 'name') ?? '', layout.sections);
  return { ok: true, found, shape: layout.shape, ...(version === undefined ? {} : { version }) };
}
