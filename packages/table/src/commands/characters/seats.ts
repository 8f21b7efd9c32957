import * as Y from 'yjs';
import type { Character, Problem, Ruleset } from '@fateboard/rules';
import { findCharacter, findControlled, gmOnly, seatOf, tableRuleset } from '../access';
import { removeTableAspect } from '../aspects/aspects';
import { pruneSheetInvokes, writeCharacter, writeTableState } from '../../doc/character-store';
import type { Sheet } from '../schemas';
import type { Handler, Plan, Refusal } from '../context';
import { refuse } from '../context';
import { dropFromOrder } from '../time/conflict';
import { pubRoots } from '../../doc/schema';
import { sheetDraft, withSheet } from './sheet';
import type { PubRoots } from '../../doc/schema';
import type { YMap } from '../../doc/ymap';
import { bool, optStr, peek, put, str } from '../../doc/ymap';

/** Joining and leaving the table, and creating, claiming and editing characters. */

/**
 * Seats a table holds at most. Every joiner gets the whole public document, seats included,
 * and anyone with the shared player link can join, so an unbounded count let one link fill a
 * document with hundreds of seats; 24 is well past any Fate group (the GM frees seats with
 * `seat.remove`).
 */
export const MAX_SEATS = 24;

export const join: Handler<'join'> = ({ docs, actor, command, newId }) => {
  if (actor.role !== 'player') return refuse('invalid', 'Only a player takes a seat.');
  if (actor.seatId !== undefined) return refuse('invalid', 'You already have a seat.');
  const r = pubRoots(docs.pub);
  if (command.seatId !== undefined) return retakeSeat(r, command.seatId, command.name);
  if (r.seats.size >= MAX_SEATS) {
    return refuse(
      'table-full',
      `The table is full (${MAX_SEATS} seats); the GM can remove a seat to make room.`,
    );
  }
  const seatId = newId();
  if (r.seats.has(seatId)) return refuse('invalid', 'Seat id collision; try again.');
  return {
    pub: () => {
      const seat = new Y.Map<unknown>();
      r.seats.set(seatId, seat);
      seat.set('id', seatId);
      seat.set('name', command.name);
    },
    result: { seatId },
  };
};

/**
 * A player takes back a seat that came with a restored table (no one holds a token for it on
 * this server), with its character and the free invokes it held, under the name they give.
 */
function retakeSeat(r: PubRoots, seatId: string, name: string): Plan | Refusal {
  const seat = peek(r.seats, seatId);
  if (!seat) return refuse('not-found', `No seat "${seatId}" at this table.`);
  if (!bool(seat, 'restored')) {
    return refuse(
      'seat-taken',
      `${str(seat, 'name')}'s seat is already taken; join as someone new.`,
    );
  }
  const before = str(seat, 'name');
  return {
    pub: () => {
      seat.set('name', name);
      seat.delete('restored');
    },
    log: [
      {
        text:
          name === before ? `${name} is back at the table.` : `${name} took back ${before}'s seat.`,
      },
    ],
    result: { seatId },
  };
}

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
): Character | Refusal {
  const draft = sheetDraft(ruleset, id, sheet, npc);
  return problems(draft.problems) ?? draft.character;
}

export const characterCreate: Handler<'character.create'> = ({ docs, actor, command, newId }) => {
  const r = pubRoots(docs.pub);
  const npc = command.npc ?? false;
  let seat: YMap | undefined;
  if (actor.role === 'player') {
    if (npc) return refuse('forbidden', 'Only the GM creates NPCs.');
    const found = seatOf(r, actor);
    if ('ok' in found) return found;
    if (optStr(found, 'characterId') !== undefined) {
      return refuse('invalid', 'Your seat already plays a character.');
    }
    seat = found;
  }
  const ruleset = tableRuleset(r);
  if ('ok' in ruleset) return ruleset;
  const id = newId();
  if (r.characters.has(id)) return refuse('invalid', 'Character id collision; try again.');
  const character = sheetCharacter(ruleset, id, command.character, npc);
  if ('ok' in character) return character;
  const owner = npc ? 'gm' : actor.seatId;
  return {
    pub: () => {
      const map = new Y.Map<unknown>();
      r.characters.set(id, map);
      writeCharacter(map, character);
      writeTableState(map, { owner });
      if (seat) seat.set('characterId', id);
    },
    log: [
      {
        text: `${character.name} was created${npc ? ' (NPC)' : ''} with ${character.fatePoints} fate points.`,
        characterId: id,
        movements:
          character.fatePoints > 0
            ? [
                {
                  from: { type: 'bank' },
                  to: { type: 'character', id },
                  amount: character.fatePoints,
                  reason: 'refresh',
                },
              ]
            : [],
      },
    ],
    result: { characterId: id },
  };
};

export const characterClaim: Handler<'character.claim'> = ({ docs, actor, command }) => {
  if (actor.role !== 'player') return refuse('invalid', 'Only a player claims a character.');
  const r = pubRoots(docs.pub);
  const seat = seatOf(r, actor);
  if ('ok' in seat) return seat;
  if (optStr(seat, 'characterId') !== undefined) {
    return refuse('invalid', 'Your seat already plays a character.');
  }
  const found = findCharacter(r, command.characterId);
  if ('ok' in found) return found;
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
    log: [{ text: `${found.character.name} was claimed.`, characterId: command.characterId }],
    result: { characterId: command.characterId },
  };
};

export const characterUpdate: Handler<'character.update'> = ({
  docs,
  actor,
  command,
}): Plan | Refusal => {
  const r = pubRoots(docs.pub);
  const found = findControlled(r, actor, command.characterId);
  if ('ok' in found) return found;
  const ruleset = tableRuleset(r);
  if ('ok' in ruleset) return ruleset;
  const next = withSheet(ruleset, found.character, command.changes);
  const bad = problems(ruleset.validateCharacter(next));
  if (bad) return bad;
  const live = new Set([...next.aspects.map((a) => a.id), ...next.consequences.map((c) => c.id)]);
  return {
    pub: () => {
      writeCharacter(found.map, next);
      pruneSheetInvokes(found.map, live);
    },
    log: [{ text: `${next.name}'s sheet was updated.`, characterId: next.id }],
    result: { characterId: next.id },
  };
};

/**
 * The GM removes a character from the table: its seat is freed, the aspects placed on it, its
 * open compels and its place in the turn order go, and its fate points (and points held for it)
 * go back to the bank.
 */
export const characterRemove: Handler<'character.remove'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'remove a character');
  if (denied) return denied;
  const r = pubRoots(docs.pub);
  const found = findCharacter(r, command.characterId);
  if ('ok' in found) return found;
  const c = found.character;
  const points = c.fatePoints + c.owed;
  const placed: string[] = [];
  r.aspects.forEach((m, id) => {
    if ((m as YMap).get('characterId') === c.id) placed.push(id);
  });
  const compels: string[] = [];
  r.compels.forEach((m, id) => {
    const map = m as YMap;
    if (map.get('characterId') === c.id || map.get('fromCharacterId') === c.id) compels.push(id);
  });
  return {
    pub: () => {
      r.seats.forEach((seat) => {
        if ((seat as YMap).get('characterId') === c.id) (seat as YMap).delete('characterId');
      });
      for (const id of placed) removeTableAspect(r, id);
      for (const id of compels) r.compels.delete(id);
      dropFromOrder(r, c.id);
      const present = r.scene.get('present') as string[] | undefined;
      if (present?.includes(c.id)) {
        put(
          r.scene,
          'present',
          present.filter((id) => id !== c.id),
        );
      }
      const spot = r.meta.get('spotlight') as { characterId?: string } | undefined;
      if (spot?.characterId === c.id) r.meta.delete('spotlight');
      r.characters.delete(c.id);
    },
    log: [
      {
        text: `${c.name} was removed from the table.`,
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
  };
};

/** The free invokes one owner holds anywhere on the table, and how to drop them all. */
function invokesHeldBy(r: PubRoots, owner: string): { count: number; drop: () => void } {
  const holders: YMap[] = [];
  r.aspects.forEach((m) => {
    const invokes = peek(m as YMap, 'invokes');
    if (invokes?.has(owner)) holders.push(invokes);
  });
  const emptied: { all: YMap; key: string }[] = [];
  r.characters.forEach((m) => {
    const all = peek(m as YMap, 'invokes');
    all?.forEach((one, key) => {
      if (!(one as YMap).has(owner)) return;
      holders.push(one as YMap);
      if ((one as YMap).size === 1) emptied.push({ all, key });
    });
  });
  let count = 0;
  for (const invokes of holders) count += Number(invokes.get(owner)) || 0;
  return {
    count,
    drop: () => {
      for (const invokes of holders) invokes.delete(owner);
      // A sheet aspect's map of owners goes with its last owner, as setSheetInvokes does.
      for (const { all, key } of emptied) all.delete(key);
    },
  };
}

/**
 * The GM removes a seat (someone who left, or a stranger on the player link). The seat's
 * character stays at the table, unclaimed, so another player can claim it with everything on
 * it; free invokes the seat held go with it, since only a seat at the table may hold them. The
 * server revokes the seat's tokens and drops its connections.
 */
export const seatRemove: Handler<'seat.remove'> = ({ docs, actor, command }) => {
  const denied = gmOnly(actor, 'remove a seat');
  if (denied) return denied;
  const r = pubRoots(docs.pub);
  const seat = peek(r.seats, command.seatId);
  if (!seat) return refuse('not-found', `No seat "${command.seatId}" at this table.`);
  const name = str(seat, 'name');
  const characterId = optStr(seat, 'characterId');
  const character = characterId === undefined ? undefined : peek(r.characters, characterId);
  const invokes = invokesHeldBy(r, command.seatId);
  const words = [`The GM removed ${name} from the table.`];
  if (character) {
    words.push(`${str(character, 'name')} is free for another player to claim.`);
  }
  if (invokes.count > 0) {
    words.push(
      `The ${invokes.count} free invoke${invokes.count === 1 ? '' : 's'} ${name} held ${invokes.count === 1 ? 'is' : 'are'} gone.`,
    );
  }
  return {
    pub: () => {
      if (character && optStr(character, 'owner') === command.seatId) character.delete('owner');
      invokes.drop();
      r.seats.delete(command.seatId);
    },
    log: [{ text: words.join(' '), ...(characterId === undefined ? {} : { characterId }) }],
  };
};
