import { line, say } from '../../log/say';
import * as Y from 'yjs';
import { controls, findCharacter, gmOnly } from '../access';
import { checkOwner, holderSaid, resolveAspect } from './aspect-refs';
import { writeCharacter } from '../../doc/character-store';
import type { TableAspectKind } from '../schemas';
import type { Actor, Handler, LogDraft, Plan, Refusal } from '../context';
import type { ResolvedAspect } from './aspect-refs';
import type { TableDocs } from '../../doc/schema';
import { boardState, checkPlace, placeSaid } from '../board/places';
import { isRefusal, ownerOf, refuse } from '../context';
import type { PubRoots } from '../../doc/schema';
import { pubRoots } from '../../doc/schema';
import type { SpotlightView } from '../../doc/views';
import { child, optStr, put } from '../../doc/ymap';
import { freeInvokesSaid } from '../../log/words';

/** Situation aspects, boosts and aspects placed on characters; the spotlight. */

export interface NewAspect {
  id: string;
  kind: TableAspectKind;
  text: string;
  characterId?: string;
  owner: string;
  freeInvokes: number;
  at: number;
  /** edgerunner: the shifts it was created with [ER-REMOVE-1]. */
  persistence?: number;
  /** The zone or border it stands on (a situation aspect's). */
  place?: string;
}

/** Only a situation aspect stands on a zone or border: the others are someone's. */
export function placedAspect(kind: TableAspectKind): Refusal | undefined {
  return kind === 'situation'
    ? undefined
    : refuse('invalid', 'Only a situation aspect stands on a zone or border.', {
        id: 'place-needs-situation',
      });
}

/** Checks a new aspect's character, if any, exists. */
export function checkNewAspect(
  roots: PubRoots,
  characterId: string | undefined,
): Refusal | undefined {
  if (characterId === undefined) return undefined;
  const found = findCharacter(roots, characterId);
  return isRefusal(found) ? found : undefined;
}

/** Writes a new table aspect; call inside the public transaction. */
export function addTableAspect(roots: PubRoots, a: NewAspect): void {
  const map = new Y.Map<unknown>();
  roots.aspects.set(a.id, map);
  map.set('id', a.id);
  map.set('kind', a.kind);
  map.set('text', a.text);
  if (a.characterId !== undefined) map.set('characterId', a.characterId);
  map.set('at', a.at);
  if (a.persistence !== undefined) map.set('persistence', a.persistence);
  if (a.place !== undefined) map.set('place', a.place);
  if (a.freeInvokes > 0) child(map, 'invokes').set(a.owner, a.freeInvokes);
}

/** Removes a table aspect, and the spotlight if it showed that aspect. */
export function removeTableAspect(roots: PubRoots, id: string): void {
  roots.aspects.delete(id);
  const spot = roots.meta.get('spotlight') as SpotlightView | undefined;
  if (spot && spot.aspectId === id && spot.characterId === undefined)
    roots.meta.delete('spotlight');
}

export const aspectAdd: Handler<'aspect.add'> = ({ docs, actor, command, newId, now }) => {
  const denied = gmOnly(actor, 'add aspects directly; players create them with actions');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  if (command.kind === 'character' && command.characterId === undefined) {
    return refuse('invalid', 'An aspect of kind "character" needs a characterId.');
  }
  const bad = checkNewAspect(roots, command.characterId);
  if (bad) return bad;
  const state = command.place === undefined ? undefined : boardState(docs);
  if (command.place !== undefined && state) {
    const badPlace = placedAspect(command.kind) ?? checkPlace(docs, state, command.place, false);
    if (badPlace) return badPlace;
  }
  const owner = command.owner ?? ownerOf(actor);
  const badOwner = checkOwner(roots, owner);
  if (badOwner) return badOwner;
  const id = newId();
  if (roots.aspects.has(id)) return refuse('invalid', 'Aspect id collision; try again.');
  const aspect: NewAspect = {
    id,
    kind: command.kind,
    text: command.text,
    ...(command.characterId === undefined ? {} : { characterId: command.characterId }),
    ...(command.place === undefined ? {} : { place: command.place }),
    owner,
    freeInvokes: command.freeInvokes ?? 0,
    at: now,
  };
  const added =
    state && command.place !== undefined
      ? say('aspectAddedOn', { text: command.text, place: placeSaid(state, command.place) })
      : say('aspectAdded', { text: command.text });
  return {
    pub: () => addTableAspect(roots, aspect),
    log: [
      {
        ...line(
          aspect.freeInvokes > 0
            ? say('aspectAddedWithInvokes', {
                text: command.text,
                invokes: freeInvokesSaid(aspect.freeInvokes),
                holder: holderSaid(roots, owner),
              })
            : added,
        ),
        ...(command.characterId === undefined ? {} : { characterId: command.characterId }),
      },
    ],
    result: { aspectId: id },
  };
};

export const aspectEdit: Handler<'aspect.edit'> = ({ docs, actor, command }) => {
  const roots = pubRoots(docs.pub);
  const a = resolveAspect(roots, command.ref);
  if (isRefusal(a)) return a;
  if (command.place !== undefined) return aspectPlace(docs, actor, a, command.place, command.text);
  // The GM edits anything; a player may reword their own character's sheet aspects.
  if (actor.role !== 'gm' && (a.where === 'table' || !controls(actor, a.character))) {
    return refuse('forbidden', 'Only the GM can edit that aspect.');
  }
  const text = command.text;
  if (text === undefined || text === a.text) return {};
  return {
    pub: () => {
      if (a.where === 'table') {
        put(a.map, 'text', text);
        return;
      }
      const next = structuredClone(a.character);
      if (a.where === 'sheet') {
        next.aspects = next.aspects.map((x) => (x.id === a.id ? { ...x, text } : x));
      } else {
        next.consequences = next.consequences.map((x) =>
          x.id === a.id && x.taken ? { ...x, taken: { ...x.taken, text } } : x,
        );
      }
      writeCharacter(a.map, next);
    },
    log: [line(say('aspectRenamed', { before: a.text, text }))],
  };
};

/**
 * Moves a table aspect onto a zone or border, or (null) over the whole scene; a new text may
 * come with it. The GM's, like adding one.
 */
function aspectPlace(
  docs: TableDocs,
  actor: Actor,
  a: ResolvedAspect,
  place: string | null,
  text: string | undefined,
): Plan | Refusal {
  const denied = gmOnly(actor, 'place aspects on the board');
  if (denied) return denied;
  if (a.where !== 'table') {
    return refuse('invalid', 'Only aspects placed in play stand on the board.', {
      id: 'sheet-aspect-edit',
    });
  }
  const before = optStr(a.map, 'place');
  const state = boardState(docs);
  if (place !== null) {
    const bad =
      placedAspect(a.kind as TableAspectKind) ?? checkPlace(docs, state, place, false, a.id);
    if (bad) return bad;
  }
  const after = place ?? undefined;
  const newText = text ?? a.text;
  if (after === before && newText === a.text) return {};
  const log: LogDraft[] = [];
  if (newText !== a.text) log.push(line(say('aspectRenamed', { before: a.text, text: newText })));
  if (after !== before) {
    log.push(
      line(
        after === undefined
          ? say('aspectSceneWide', { text: newText })
          : say('aspectPlaced', { text: newText, place: placeSaid(state, after) }),
      ),
    );
  }
  return {
    pub: () => {
      put(a.map, 'text', newText);
      put(a.map, 'place', after);
    },
    log,
  };
}

export const aspectRemove: Handler<'aspect.remove'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'remove aspects');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  const a = resolveAspect(roots, command.ref);
  if (isRefusal(a)) return a;
  if (a.where !== 'table') {
    return refuse(
      'invalid',
      'Sheet aspects change with character.update, consequences with consequence.clear.',
      { id: 'sheet-aspect-edit' },
    );
  }
  return {
    pub: () => removeTableAspect(roots, a.id),
    log: [line(say('aspectRemoved', { text: a.text }))],
  };
};

export const spotlightPush: Handler<'spotlight.push'> = ({ docs, actor, command, now }) => {
  const denied = gmOnly(actor, 'push an aspect to every screen');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  const a = resolveAspect(roots, command.ref);
  if (isRefusal(a)) return a;
  const spot: SpotlightView = {
    aspectId: a.id,
    ...(command.ref.characterId === undefined ? {} : { characterId: command.ref.characterId }),
    text: a.text,
    at: now,
  };
  return { pub: () => roots.meta.set('spotlight', spot) };
};

export const spotlightDismiss: Handler<'spotlight.dismiss'> = ({ docs, actor }) => {
  const denied = gmOnly(actor, 'dismiss the spotlight');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  if (!roots.meta.has('spotlight')) return {};
  return { pub: () => roots.meta.delete('spotlight') };
};
