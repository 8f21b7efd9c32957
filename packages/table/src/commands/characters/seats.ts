import { line, say } from '../../log/say';
import * as Y from 'yjs';
import { gmOnly } from '../access';
import { dropRequestsNaming } from '../rolls/help';
import type { Handler, OrRefusal, Plan } from '../context';
import { refuse } from '../context';
import { pubRoots } from '../../doc/schema';
import type { PubRoots } from '../../doc/schema';
import type { YMap } from '../../doc/ymap';
import { bool, optStr, peek, str } from '../../doc/ymap';

/** Taking a seat at the table (or back, on a restored table), and the GM freeing one. */

/**
 * Seats a table holds at most. Every joiner gets the whole public document, seats included,
 * and anyone with the shared player link can join, so an unbounded count let one link fill a
 * document with hundreds of seats; 24 is well past any Fate group (the GM frees seats with
 * `seat.remove`).
 */
export const MAX_SEATS = 24;

export const join: Handler<'join'> = ({ docs, actor, command, newId, claimedSeat }) => {
  if (actor.role !== 'player') return refuse('invalid', 'Only a player takes a seat.');
  if (actor.seatId !== undefined) return refuse('invalid', 'You already have a seat.');
  const roots = pubRoots(docs.pub);
  if (command.seatId !== undefined) {
    return retakeSeat(roots, command.seatId, command.name, {
      given: command.claim !== undefined,
      holds: claimedSeat === command.seatId,
    });
  }
  if (roots.seats.size >= MAX_SEATS) {
    return refuse(
      'table-full',
      `The table is full (${MAX_SEATS} seats); the GM can remove a seat to make room.`,
    );
  }
  const seatId = newId();
  if (roots.seats.has(seatId)) return refuse('invalid', 'Seat id collision; try again.');
  return {
    pub: () => {
      const seat = new Y.Map<unknown>();
      roots.seats.set(seatId, seat);
      seat.set('id', seatId);
      seat.set('name', command.name);
    },
    result: { seatId },
  };
};

/**
 * A player takes back a seat that came with a restored table (no one holds a token for it on
 * this server), with its character and the free invokes it held, under the name they give. The
 * seat is its player's only: the join must carry the claim code the GM handed them for it
 * (the server checks the code, `claim`), so that someone else on the shared player link cannot
 * take it, nor read the whispers that wait for it.
 */
function retakeSeat(
  roots: PubRoots,
  seatId: string,
  name: string,
  claim: { given: boolean; holds: boolean },
): OrRefusal<Plan> {
  const seat = peek(roots.seats, seatId);
  if (!seat) return refuse('not-found', `No seat "${seatId}" at this table.`, { id: 'no-seat' });
  const before = str(seat, 'name');
  if (!bool(seat, 'restored')) {
    return refuse('seat-taken', `${before}'s seat is already taken; join as someone new.`);
  }
  if (!claim.given) {
    return refuse(
      'claim-needed',
      `${before}'s seat waits for its player: ask the GM for its claim link.`,
      { id: 'claim-needed', params: { name: before } },
    );
  }
  if (!claim.holds) {
    return refuse(
      'bad-claim',
      `This claim link is not (or no longer) ${before}'s: ask the GM for a new one.`,
      { id: 'bad-claim', params: { name: before } },
    );
  }
  return {
    pub: () => {
      seat.set('name', name);
      seat.delete('restored');
    },
    log: [
      {
        ...line(
          name === before ? say('backAtTable', { name }) : say('tookBackSeat', { name, before }),
        ),
      },
    ],
    result: { seatId },
  };
}

function invokesHeldBy(roots: PubRoots, owner: string): { count: number; drop: () => void } {
  const holders: YMap[] = [];
  roots.aspects.forEach((m) => {
    const invokes = peek(m as YMap, 'invokes');
    if (invokes?.has(owner)) holders.push(invokes);
  });
  const emptied: { all: YMap; key: string }[] = [];
  roots.characters.forEach((m) => {
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
  const roots = pubRoots(docs.pub);
  const seat = peek(roots.seats, command.seatId);
  if (!seat)
    return refuse('not-found', `No seat "${command.seatId}" at this table.`, { id: 'no-seat' });
  const name = str(seat, 'name');
  const characterId = optStr(seat, 'characterId');
  const character = characterId === undefined ? undefined : peek(roots.characters, characterId);
  const invokes = invokesHeldBy(roots, command.seatId);
  const said = say('seatRemoved', {
    name,
    freed: character ? say('seatCharacterFree', { name: str(character, 'name') }) : '',
    gone: invokes.count > 0 ? say('seatInvokesGone', { count: invokes.count, name }) : '',
  });
  return {
    pub: () => {
      if (character && optStr(character, 'owner') === command.seatId) character.delete('owner');
      // Answers the player gave, and requests they made, leave with them.
      if (characterId !== undefined) dropRequestsNaming(roots, characterId);
      invokes.drop();
      roots.seats.delete(command.seatId);
    },
    log: [{ ...line(said), ...(characterId === undefined ? {} : { characterId }) }],
  };
};
