import type { GmView, TableView } from '../doc/view-types';
import type { TableProblem } from './problem';
import { problem } from './problem';
import { boardProblem } from './board';

/**
 * What one field says about another, as every command keeps it: an id names something that
 * exists, a seat and its character name each other, an NPC is the GM's. Each check answers the
 * first field that breaks it; the table's shape (shapes.ts) was checked before.
 *
 * Rolls may name characters that are gone: `character.remove` keeps the table's recent rolls
 * as they were, and every screen shows a roll whose character it cannot find.
 */
export function referenceProblem(table: TableView, gm: GmView): TableProblem | undefined {
  return (
    uniqueIds(table, gm) ??
    seatsAndOwners(table) ??
    invokeOwners(table) ??
    placedReferences(table) ??
    turnOrder(table) ??
    rollRecords(table) ??
    declarationRecords(table) ??
    boardProblem(table, gm)
  );
}

type Lists = Record<string, readonly { id: string }[]>;

/** No two items of one list share an id: the documents key them by it. */
function uniqueIds(table: TableView, gm: GmView): TableProblem | undefined {
  const lists: Lists = {
    seats: table.seats,
    characters: table.characters,
    aspects: table.aspects,
    compels: table.compels,
    rolls: table.rolls,
    countdowns: [...table.countdowns, ...gm.countdowns],
    declarations: table.declarations,
  };
  for (const [name, list] of Object.entries(lists)) {
    const seen = new Set<string>();
    for (const [i, item] of list.entries()) {
      if (seen.has(item.id)) return problem(`${name}.${i}.id`, `repeats the id "${item.id}"`);
      seen.add(item.id);
    }
  }
  return undefined;
}

/**
 * A seat plays at most one character, which names it as its owner; a character's owner is the
 * GM or a seat at the table; an NPC is the GM's alone, so no player acts for it.
 */
function seatsAndOwners(table: TableView): TableProblem | undefined {
  const seats = new Set(table.seats.map((s) => s.id));
  const characters = new Map(table.characters.map((c) => [c.id, c]));
  const played = new Set<string>();
  for (const [i, seat] of table.seats.entries()) {
    if (seat.characterId === undefined) continue;
    const c = characters.get(seat.characterId);
    if (!c) return problem(`seats.${i}.characterId`, `names no character at the table`);
    if (c.owner !== seat.id)
      return problem(`seats.${i}.characterId`, `names a character it does not own`);
    if (played.has(c.id))
      return problem(`seats.${i}.characterId`, `names a character another seat plays`);
    played.add(c.id);
  }
  for (const [i, c] of table.characters.entries()) {
    if (c.owner === undefined || c.owner === 'gm') continue;
    if (c.npc)
      return problem(`characters.${i}.owner`, 'gives an NPC to a seat: only the GM plays NPCs');
    if (!seats.has(c.owner)) return problem(`characters.${i}.owner`, 'names no seat at the table');
    if (!played.has(c.id)) {
      return problem(`characters.${i}.owner`, 'names a seat that plays another character');
    }
  }
  return undefined;
}

/** Free invokes are held by the GM or a seat at the table, on an aspect that exists. */
function invokeOwners(table: TableView): TableProblem | undefined {
  const holders = new Set(['gm', ...table.seats.map((s) => s.id)]);
  const unknown = (counts: Record<string, number>) =>
    Object.keys(counts).find((owner) => !holders.has(owner));
  for (const [i, a] of table.aspects.entries()) {
    const owner = unknown(a.freeInvokes);
    if (owner !== undefined) {
      return problem(`aspects.${i}.freeInvokes.${owner}`, 'is held by no seat at the table');
    }
  }
  for (const [i, c] of table.characters.entries()) {
    const onSheet = new Set([...c.aspects.map((a) => a.id), ...c.consequences.map((k) => k.id)]);
    for (const [key, counts] of Object.entries(c.freeInvokes)) {
      const where = `characters.${i}.freeInvokes.${key}`;
      if (!onSheet.has(key)) return problem(where, 'is on no aspect or consequence of the sheet');
      const owner = unknown(counts);
      if (owner !== undefined)
        return problem(`${where}.${owner}`, 'is held by no seat at the table');
    }
  }
  return undefined;
}

/** Aspects, compels, the scene and the spotlight name characters at the table. */
function placedReferences(table: TableView): TableProblem | undefined {
  const characters = new Set(table.characters.map((c) => c.id));
  const missing = (id: string | undefined) => id !== undefined && !characters.has(id);
  for (const [i, a] of table.aspects.entries()) {
    if (missing(a.characterId))
      return problem(`aspects.${i}.characterId`, 'names no character at the table');
    if (a.kind === 'character' && a.characterId === undefined) {
      return problem(
        `aspects.${i}.characterId`,
        'is missing: a character aspect is placed on someone',
      );
    }
  }
  for (const [i, c] of table.compels.entries()) {
    if (missing(c.characterId))
      return problem(`compels.${i}.characterId`, 'names no character at the table');
    if (missing(c.fromCharacterId)) {
      return problem(`compels.${i}.fromCharacterId`, 'names no character at the table');
    }
  }
  const absent = table.scene.present.findIndex((id) => missing(id));
  if (absent >= 0) return problem(`scene.present.${absent}`, 'names no character at the table');
  if (missing(table.spotlight?.characterId)) {
    return problem('spotlight.characterId', 'names no character at the table');
  }
  return undefined;
}

/** The turn order names each character at the table once, and the turn is one of its places. */
function turnOrder(table: TableView): TableProblem | undefined {
  const { order, turn } = table.conflict;
  const characters = new Set(table.characters.map((c) => c.id));
  const seen = new Set<string>();
  for (const [i, id] of order.entries()) {
    if (!characters.has(id))
      return problem(`conflict.order.${i}`, 'names no character at the table');
    if (seen.has(id)) return problem(`conflict.order.${i}`, 'names a character twice');
    seen.add(id);
  }
  if (turn > Math.max(order.length - 1, 0)) {
    return problem('conflict.turn', `points past the turn order's ${order.length} places`);
  }
  return undefined;
}

/** A roll's total is what its dice, rating, bonuses and invokes add up to, on each side. */
function rollRecords(table: TableView): TableProblem | undefined {
  for (const [i, roll] of table.rolls.entries()) {
    const sides = [['actor', roll.actor] as const, ['opposition', roll.opposition] as const];
    for (const [name, side] of sides) {
      if (!side) continue;
      const sum =
        side.rating +
        side.bonus +
        side.faces.reduce((a, b) => a + b, 0) +
        side.modifiers.reduce((a, m) => a + m.value, 0);
      if (side.faces.length > 0 && side.total !== sum) {
        return problem(
          `rolls.${i}.${name}.total`,
          `is ${side.total} where the roll adds up to ${sum}`,
        );
      }
    }
  }
  return undefined;
}

/**
 * A declaration names characters at the table, one at a time per declarer, and is voted on by
 * others than its declarer, each vote a voter's [ER-DECLARE-4]. (A seat removed since the vote
 * began may stay among the voters: it never votes, and the GM closes the vote.)
 */
function declarationRecords(table: TableView): TableProblem | undefined {
  const characters = new Set(table.characters.map((c) => c.id));
  const declarers = new Set<string>();
  for (const [i, d] of table.declarations.entries()) {
    const at = `declarations.${i}`;
    if (!characters.has(d.characterId))
      return problem(`${at}.characterId`, 'names no character at the table');
    if (d.targetId !== undefined && !characters.has(d.targetId))
      return problem(`${at}.targetId`, 'names no character at the table');
    if (declarers.has(d.declarer))
      return problem(`${at}.declarer`, 'has another declaration before the table');
    declarers.add(d.declarer);
    const voters = new Set(d.voters);
    if (voters.size !== d.voters.length) return problem(`${at}.voters`, 'names a voter twice');
    if (voters.has(d.declarer)) return problem(`${at}.voters`, 'lets the declarer vote');
    const stray = Object.keys(d.votes).find((key) => !voters.has(key));
    if (stray !== undefined) return problem(`${at}.votes.${stray}`, 'is the vote of no voter');
  }
  return undefined;
}
