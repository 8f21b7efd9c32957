import { line, say } from '../../log/say';
import * as Y from 'yjs';
import { gmOnly, tableRuleset } from '../access';
import { addTableAspect, checkNewAspect } from '../aspects/aspects';
import { writeCharacter, writeTableState } from '../../doc/character-store';
import type { Handler, LogDraft, OrRefusal, Plan, Refusal } from '../context';
import { isRefusal, refuse } from '../context';
import type { TableDocs } from '../../doc/schema';
import { boardState, checkPlace, findZone } from '../board/places';
import { placedAspect } from '../aspects/aspects';
import { BOARD_LIMITS } from '../board/schemas';
import { startingPoints } from '../fate-points/points';
import { gmRoots, pubRoots } from '../../doc/schema';
import { sheetCharacter } from '../characters/characters';
import { nameTaken, tableNames } from '../characters/names';
import { joinConflict } from '../time/conflict';
import { joinedLine, joinsConflict } from '../time/conflict-members';
import type { HiddenView } from '../../doc/views';
import { readGm } from '../../doc/views';
import { bool, peek, put } from '../../doc/ymap';

/**
 * The GM's secrets: prepared aspects, NPC drafts and notes live only in the GM document;
 * revealing one moves it into the public document.
 */

export const gmPrepare: Handler<'gm.prepare'> = ({ docs, actor, command, newId, now }) => {
  const denied = gmOnly(actor, 'prepare hidden aspects');
  if (denied) return denied;
  const bad = checkNewAspect(pubRoots(docs.pub), command.characterId);
  if (bad) return bad;
  if (command.place !== undefined) {
    const badPlace =
      placedAspect(command.kind) ?? checkPlace(docs, boardState(docs), command.place, true);
    if (badPlace) return badPlace;
  }
  return addHidden(docs, newId(), (m) => {
    m.set('kind', 'aspect');
    m.set('aspectKind', command.kind);
    m.set('text', command.text);
    if (command.characterId !== undefined) m.set('characterId', command.characterId);
    m.set('freeInvokes', command.freeInvokes ?? 0);
    if (command.note) m.set('note', command.note);
    if (command.place !== undefined) m.set('place', command.place);
    m.set('at', now);
  });
};

export const gmNpcDraft: Handler<'gm.npc-draft'> = ({ docs, actor, command, newId, now }) => {
  const denied = gmOnly(actor, 'draft NPCs');
  if (denied) return denied;
  if (command.zoneId !== undefined) {
    const zone = findZone(boardState(docs), command.zoneId);
    if (isRefusal(zone)) return zone;
  }
  return addHidden(docs, newId(), (m) => {
    m.set('kind', 'npc');
    m.set('text', command.character.name);
    m.set('freeInvokes', 0);
    m.set('sheet', command.character);
    if (command.zoneId !== undefined) m.set('zoneId', command.zoneId);
    m.set('at', now);
  });
};

/** A new hidden item under `id` in the GM document, its fields written by `fill`. */
function addHidden(
  docs: TableDocs,
  id: string,
  fill: (m: Y.Map<unknown>) => void,
): OrRefusal<Plan> {
  const g = gmRoots(docs.gm);
  if (g.hidden.has(id)) return refuse('invalid', 'Id collision; try again.');
  return {
    gm: () => {
      const m = new Y.Map<unknown>();
      g.hidden.set(id, m);
      m.set('id', id);
      fill(m);
    },
    result: { hiddenId: id },
  };
}

/**
 * A hidden item brought into play under the public id `id`: its writes (the caller drops the
 * hidden item) and its log line. An aspect keeps its place, an NPC draft gets its token when
 * a scene runs; a place or zone still prepared is refused: `board.reveal` reveals those with
 * the rest of the prepared board.
 */
export function revealHidden(
  docs: TableDocs,
  hidden: HiddenView,
  id: string,
  now: number,
  revealing: ReadonlySet<string> = new Set(),
  placedBefore = 0,
): { pub: () => void; log: LogDraft[]; result: Plan['result'] } | Refusal {
  const roots = pubRoots(docs.pub);
  const state = boardState(docs);
  const where = hidden.place ?? hidden.zoneId;
  if (where !== undefined && !revealing.has(where)) {
    const zone = state.zones.find((z) => z.zone.id === where);
    const border = state.borders.find((b) => b.border.id === where);
    if ((zone?.side ?? border?.side) === 'gm') {
      return refuse('invalid', 'Its zone is still prepared: reveal the board instead.', {
        id: 'place-prepared',
      });
    }
  }
  // A zone or border removed since: it comes in without a place rather than not at all.
  const known = (x: string | undefined) =>
    x !== undefined &&
    (revealing.has(x) ||
      state.zones.some((z) => z.zone.id === x) ||
      state.borders.some((b) => b.border.id === x));
  if (hidden.kind === 'aspect') {
    if (roots.aspects.has(id)) return refuse('invalid', 'Id collision; try again.');
    const bad = checkNewAspect(roots, hidden.characterId);
    if (bad) return bad;
    const place = known(hidden.place) ? hidden.place : undefined;
    return {
      pub: () =>
        addTableAspect(roots, {
          id,
          kind: hidden.aspectKind ?? 'situation',
          text: hidden.text,
          ...(hidden.characterId === undefined ? {} : { characterId: hidden.characterId }),
          ...(place === undefined ? {} : { place }),
          owner: 'gm',
          freeInvokes: hidden.freeInvokes,
          at: now,
        }),
      log: [line(say('gmRevealedAspect', { text: hidden.text }))],
      result: { aspectId: id },
    };
  }
  if (!hidden.sheet) return refuse('invalid', 'That NPC draft has no sheet.');
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const made = sheetCharacter(ruleset, id, hidden.sheet, true);
  if (isRefusal(made)) return made;
  const zoneId = known(hidden.zoneId) && bool(roots.scene, 'active') ? hidden.zoneId : undefined;
  if (zoneId !== undefined && roots.tokens.size + placedBefore >= BOARD_LIMITS.tokens) {
    return refuse('invalid', `A board holds at most ${BOARD_LIMITS.tokens} tokens.`, {
      id: 'board-full',
      params: { limit: BOARD_LIMITS.tokens },
    });
  }
  const taken = nameTaken(tableNames(roots), made.name);
  if (taken) return taken;
  // A revealed NPC arriving mid-fight takes its turn in it.
  const joins = joinsConflict(roots);
  return {
    pub: () => {
      const map = new Y.Map<unknown>();
      roots.characters.set(id, map);
      writeCharacter(map, made);
      writeTableState(map, { owner: 'gm' });
      if (zoneId !== undefined) {
        roots.tokens.set(id, zoneId);
        const present = (roots.scene.get('present') as string[] | undefined) ?? [];
        put(roots.scene, 'present', [...present, id]);
      }
      if (joins) joinConflict(roots, [id]);
    },
    log: [
      {
        ...line(say('gmRevealedCharacter', { name: made.name })),
        characterId: id,
        movements: startingPoints(id, made.fatePoints),
      },
      ...(joins ? [joinedLine(roots, id, made.name)] : []),
    ],
    result: { characterId: id },
  };
}

export const gmReveal: Handler<'gm.reveal'> = ({ docs, actor, command, newId, now }) => {
  const denied = gmOnly(actor, 'reveal hidden things');
  if (denied) return denied;
  const g = gmRoots(docs.gm);
  const hidden: HiddenView | undefined = readGm(docs.gm).hidden.find(
    (h) => h.id === command.hiddenId,
  );
  if (!hidden)
    return refuse('not-found', `Nothing hidden with id "${command.hiddenId}".`, {
      id: 'no-hidden',
    });
  const revealed = revealHidden(docs, hidden, newId(), now);
  if (isRefusal(revealed)) return revealed;
  return {
    gm: () => g.hidden.delete(command.hiddenId),
    pub: revealed.pub,
    log: revealed.log,
    ...(revealed.result ? { result: revealed.result } : {}),
  };
};

export const gmNote: Handler<'gm.note'> = ({ docs, actor, command, newId, now }) => {
  const denied = gmOnly(actor, 'keep notes');
  if (denied) return denied;
  const g = gmRoots(docs.gm);
  if (command.noteId !== undefined) {
    const note = peek(g.notes, command.noteId);
    if (!note) return refuse('not-found', `No note "${command.noteId}".`, { id: 'no-note' });
    const noteId = command.noteId;
    return {
      gm: () => {
        if (command.text === '') g.notes.delete(noteId);
        else put(note, 'text', command.text);
      },
      result: { noteId },
    };
  }
  if (command.text === '')
    return refuse('invalid', 'A new note needs some text.', { id: 'note-needs-text' });
  const id = newId();
  return {
    gm: () => {
      const m = new Y.Map<unknown>();
      g.notes.set(id, m);
      m.set('id', id);
      m.set('text', command.text);
      m.set('at', now);
    },
    result: { noteId: id },
  };
};
