import { say } from '../../log/say';
import type { LogParam } from '../../log/say';
import type { CharacterRecord } from '../../doc/character-store';
import { readCharacter, setSheetInvokes } from '../../doc/character-store';
import type { AspectRef } from '../schemas';
import type { Refusal, OrRefusal } from '../context';
import { refuse } from '../context';
import type { PubRoots } from '../../doc/schema';
import { MAX_POINTS } from '../../doc/schema';
import type { YMap } from '../../doc/ymap';
import { child, counts, optStr, peek, put, str } from '../../doc/ymap';

/**
 * An aspect reference resolved against the public document: a table aspect (situation,
 * boost, or one placed on a character) or a character's sheet aspect or taken consequence.
 */
export type ResolvedAspect =
  | {
      where: 'table';
      id: string;
      map: YMap;
      kind: string;
      text: string;
      /** The character it is placed on, if any. */
      characterId?: string;
      freeInvokes: Record<string, number>;
    }
  | {
      where: 'sheet' | 'consequence';
      id: string;
      map: YMap;
      character: CharacterRecord;
      text: string;
      characterId: string;
      freeInvokes: Record<string, number>;
    };

export function resolveAspect(roots: PubRoots, ref: AspectRef): OrRefusal<ResolvedAspect> {
  if (ref.characterId === undefined) {
    const map = peek(roots.aspects, ref.aspectId);
    if (!map)
      return refuse('not-found', `No aspect "${ref.aspectId}" on the table.`, { id: 'no-aspect' });
    const characterId = optStr(map, 'characterId');
    return {
      where: 'table',
      id: ref.aspectId,
      map,
      kind: str(map, 'kind'),
      text: str(map, 'text'),
      ...(characterId === undefined ? {} : { characterId }),
      freeInvokes: counts(peek(map, 'invokes')),
    };
  }
  const map = peek(roots.characters, ref.characterId);
  if (!map)
    return refuse('not-found', `No character "${ref.characterId}" at this table.`, {
      id: 'no-character',
    });
  const character = readCharacter(map);
  const freeInvokes = character.freeInvokes[ref.aspectId] ?? {};
  const aspect = character.aspects.find((a) => a.id === ref.aspectId);
  if (aspect) {
    if (aspect.text.trim() === '')
      return refuse('not-found', 'That aspect is blank.', { id: 'blank-aspect' });
    return {
      where: 'sheet',
      id: aspect.id,
      map,
      character,
      text: aspect.text,
      characterId: character.id,
      freeInvokes,
    };
  }
  const slot = character.consequences.find((c) => c.id === ref.aspectId);
  if (slot?.taken) {
    return {
      where: 'consequence',
      id: slot.id,
      map,
      character,
      text: slot.taken.text,
      characterId: character.id,
      freeInvokes,
    };
  }
  return refuse('not-found', `${character.name} has no aspect "${ref.aspectId}".`, {
    id: 'no-aspect',
  });
}

/** Sets the free invokes `owner` holds on a resolved aspect (0 removes them). */
export function setFreeInvokes(a: ResolvedAspect, owner: string, count: number): void {
  if (a.where === 'table') {
    const invokes = child(a.map, 'invokes');
    put(invokes, owner, count > 0 ? Math.min(count, MAX_POINTS) : undefined);
  } else {
    setSheetInvokes(a.map, a.id, owner, count);
  }
}

/** Who holds free invokes, in words: the character a seat plays, else the seat, or the GM. */
/** `holderName` as a log parameter: the GM in the reader's words, else the name. */
export function holderSaid(roots: PubRoots, owner: string): LogParam {
  if (owner === 'gm') return say('theGM');
  const name = holderName(roots, owner);
  return name === 'someone' ? say('someone') : name;
}

export function holderName(roots: PubRoots, owner: string): string {
  if (owner === 'gm') return 'the GM';
  const seat = peek(roots.seats, owner);
  const characterId = seat && optStr(seat, 'characterId');
  const character = characterId === undefined ? undefined : peek(roots.characters, characterId);
  return (character && optStr(character, 'name')) ?? (seat && optStr(seat, 'name')) ?? 'someone';
}

/** A valid free-invoke owner: `gm` or a seat at the table. */
export function checkOwner(roots: PubRoots, owner: string): Refusal | undefined {
  if (owner === 'gm' || roots.seats.has(owner)) return undefined;
  return refuse('not-found', `No seat "${owner}" to hold free invokes.`, { id: 'no-seat' });
}
