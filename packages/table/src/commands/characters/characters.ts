import { line, say } from '../../log/say';
import { dropRequestsNaming } from '../rolls/help';
import * as Y from 'yjs';
import type { Character, Problem, Ruleset } from '@fateboard/rules';
import { findCharacter, findControlled, gmOnly, seatOf, tableRuleset } from '../access';
import { removeTableAspect } from '../aspects/aspects';
import { pruneSheetInvokes, writeCharacter, writeTableState } from '../../doc/character-store';
import type { Sheet } from '../schemas';
import type { Handler, Plan, Refusal, OrRefusal } from '../context';
import { isRefusal, refuse } from '../context';
import { startingPoints } from '../fate-points/points';
import { dropFromOrder, joinConflict } from '../time/conflict';
import { joinedLine, joinsConflict } from '../time/conflict-members';
import { pubRoots } from '../../doc/schema';
import { sheetDraft, withSheet } from './sheet';
import { nameTaken, tableNames } from './names';
import type { YMap } from '../../doc/ymap';
import { optStr, put } from '../../doc/ymap';
import { dropTicks, withTicks } from '../countdowns/exchange';

/** Creating, claiming, editing and removing characters. */

function problems(list: Problem[]): Refusal | undefined {
  if (list.length === 0) return undefined;
  return refuse('invalid', list.map((p) => p.message).join(' '));
}

/** A new character from a sheet: the ruleset's template, the sheet over it, validated. */
export function sheetCharacter(
  ruleset: Ruleset,
  id: string,
  sheet: Sheet,
  npc: boolean,
): OrRefusal<Character> {
  const draft = sheetDraft(ruleset, id, sheet, npc);
  return problems(draft.problems) ?? draft.character;
}

export const characterCreate: Handler<'character.create'> = ({ docs, actor, command, newId }) => {
  const roots = pubRoots(docs.pub);
  const npc = command.npc ?? false;
  let seat: YMap | undefined;
  if (actor.role === 'player') {
    if (npc) return refuse('forbidden', 'Only the GM creates NPCs.');
    const found = seatOf(roots, actor);
    if (isRefusal(found)) return found;
    if (optStr(found, 'characterId') !== undefined) {
      return refuse('invalid', 'Your seat already plays a character.');
    }
    seat = found;
  }
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const id = newId();
  if (roots.characters.has(id)) return refuse('invalid', 'Character id collision; try again.');
  const character = sheetCharacter(ruleset, id, command.character, npc);
  if (isRefusal(character)) return character;
  const taken = nameTaken(tableNames(roots), character.name);
  if (taken) return taken;
  const owner = npc ? 'gm' : actor.seatId;
  // An NPC the GM brings into a running fight takes its turn in it.
  const joins = npc && joinsConflict(roots);
  return {
    pub: () => {
      const map = new Y.Map<unknown>();
      roots.characters.set(id, map);
      writeCharacter(map, character);
      writeTableState(map, { owner });
      if (seat) seat.set('characterId', id);
      if (joins) joinConflict(roots, [id]);
    },
    log: [
      {
        ...line(
          say(npc ? 'npcCreated' : 'characterCreated', {
            name: character.name,
            count: character.fatePoints,
          }),
        ),
        characterId: id,
        movements: startingPoints(id, character.fatePoints),
      },
      ...(joins ? [joinedLine(roots, id, character.name)] : []),
    ],
    result: { characterId: id },
  };
};

export const characterClaim: Handler<'character.claim'> = ({ docs, actor, command }) => {
  if (actor.role !== 'player') return refuse('invalid', 'Only a player claims a character.');
  const roots = pubRoots(docs.pub);
  const seat = seatOf(roots, actor);
  if (isRefusal(seat)) return seat;
  if (optStr(seat, 'characterId') !== undefined) {
    return refuse('invalid', 'Your seat already plays a character.');
  }
  const found = findCharacter(roots, command.characterId);
  if (isRefusal(found)) return found;
  if (found.character.npc) {
    return refuse(
      'forbidden',
      `"${found.character.name}" is an NPC; only player characters are claimed.`,
    );
  }
  if (found.character.owner !== undefined) {
    return refuse(
      'already-claimed',
      `"${found.character.name}" is already played by someone else; claim another or create one.`,
    );
  }
  return {
    pub: () => {
      writeTableState(found.map, { owner: actor.seatId });
      put(seat, 'characterId', command.characterId);
    },
    log: [
      {
        ...line(say('characterClaimed', { name: found.character.name })),
        characterId: command.characterId,
      },
    ],
    result: { characterId: command.characterId },
  };
};

export const characterUpdate: Handler<'character.update'> = ({
  docs,
  actor,
  command,
}): OrRefusal<Plan> => {
  const roots = pubRoots(docs.pub);
  const found = findControlled(roots, actor, command.characterId);
  if (isRefusal(found)) return found;
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const next = withSheet(ruleset, found.character, command.changes);
  const bad = problems(ruleset.validateCharacter(next));
  if (bad) return bad;
  const taken = nameTaken(tableNames(roots), next.name, { id: next.id, name: found.name });
  if (taken) return taken;
  const live = new Set([...next.aspects.map((a) => a.id), ...next.consequences.map((c) => c.id)]);
  return {
    pub: () => {
      writeCharacter(found.map, next);
      pruneSheetInvokes(found.map, live);
    },
    log: [{ ...line(say('sheetUpdated', { name: next.name })), characterId: next.id }],
    result: { characterId: next.id },
  };
};

/**
 * The GM removes a character from the table: its seat is freed, the aspects placed on it, its
 * open compels and declarations and its place in the turn order go, and its fate points (and points held for it)
 * go back to the bank.
 */
export const characterRemove: Handler<'character.remove'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'remove a character');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  const found = findCharacter(roots, command.characterId);
  if (isRefusal(found)) return found;
  const c = found.character;
  const points = c.fatePoints + c.owed;
  const placed: string[] = [];
  roots.aspects.forEach((m, id) => {
    if ((m as YMap).get('characterId') === c.id) placed.push(id);
  });
  const compels: string[] = [];
  roots.compels.forEach((m, id) => {
    const map = m as YMap;
    if (map.get('characterId') === c.id || map.get('fromCharacterId') === c.id) compels.push(id);
  });
  // Its declarations, or those about it, are moot: they go unrolled.
  const declarations: string[] = [];
  roots.declarations.forEach((m, id) => {
    const map = m as YMap;
    if (map.get('characterId') === c.id || map.get('targetId') === c.id) declarations.push(id);
  });
  const ticks = dropTicks(docs, c.id);
  return withTicks(ticks, {
    pub: () => {
      roots.seats.forEach((seat) => {
        if ((seat as YMap).get('characterId') === c.id) (seat as YMap).delete('characterId');
      });
      for (const id of placed) removeTableAspect(roots, id);
      for (const id of compels) roots.compels.delete(id);
      dropRequestsNaming(roots, c.id);
      for (const id of declarations) roots.declarations.delete(id);
      dropFromOrder(roots, c.id);
      const present = roots.scene.get('present') as string[] | undefined;
      if (present?.includes(c.id)) {
        put(
          roots.scene,
          'present',
          present.filter((id) => id !== c.id),
        );
      }
      const spot = roots.meta.get('spotlight') as { characterId?: string } | undefined;
      if (spot?.characterId === c.id) roots.meta.delete('spotlight');
      roots.tokens.delete(c.id);
      roots.characters.delete(c.id);
    },
    log: [
      {
        ...line(say('characterRemoved', { name: c.name })),
        characterId: c.id,
        movements:
          points > 0
            ? [
                {
                  from: { type: 'character', id: c.id },
                  to: { type: 'bank' },
                  amount: points,
                  reason: 'gm-adjustment',
                },
              ]
            : [],
      },
    ],
  });
};

/** The free invokes one owner holds anywhere on the table, and how to drop them all. */
