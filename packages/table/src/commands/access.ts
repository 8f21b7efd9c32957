import type { Ruleset, RulesetId } from '@fateboard/rules';
import { rulesetById } from '@fateboard/rules';
import type { CharacterRecord } from '../doc/character-store';
import { readCharacter } from '../doc/character-store';
import type { Actor, Ctx, Refusal, OrRefusal } from './context';
import { isRefusal, joinFirst, refuse } from './context';
import type { PubRoots } from '../doc/schema';
import type { YMap } from '../doc/ymap';
import type { ActorRef } from '../log/entry';
import { optStr, peek, str } from '../doc/ymap';

/** Reads shared by the handlers: find things, check who may touch them. */

export function tableRuleset(roots: PubRoots): OrRefusal<Ruleset> {
  const id = str(roots.meta, 'ruleset') as RulesetId;
  return (
    rulesetById(id) ??
    refuse('rules', `The ruleset "${id}" is not available.`, {
      id: 'ruleset-unavailable',
      params: { ruleset: id },
    })
  );
}

/**
 * A character found in the public document. Its name and owner are read at once; the whole
 * sheet is decoded on first use only, since many commands (a fate point given, an aspect
 * invoked) need no more than who plays it and what it is called.
 */
export interface Found {
  map: YMap;
  name: string;
  owner: string | undefined;
  readonly character: CharacterRecord;
}

export function findCharacter(roots: PubRoots, id: string): OrRefusal<Found> {
  const map = peek(roots.characters, id);
  if (!map)
    return refuse('not-found', `No character "${id}" at this table.`, { id: 'no-character' });
  let sheet: CharacterRecord | undefined;
  return {
    map,
    name: str(map, 'name'),
    owner: optStr(map, 'owner'),
    get character() {
      return (sheet ??= readCharacter(map));
    },
  };
}

/**
 * Who answers for a character: its player's seat id, or `gm` for an NPC and for a character
 * no one has claimed. Narrower than `controls` (the GM acts for every character): what only a
 * character's own controller decides (an edgerunner consequence taken for a bonus
 * [ER-CONSEQ-2], a declaration's proposal) asks this.
 */
export function controllerOf(character: { npc?: boolean; owner?: string | undefined }): string {
  return character.npc || character.owner === undefined ? 'gm' : character.owner;
}

/** Whether the actor is the character's controller (`controllerOf`). */
export function isController(
  actor: Actor,
  character: { npc?: boolean; owner?: string | undefined },
): boolean {
  const who = controllerOf(character);
  if (actor.role === 'gm') return who === 'gm';
  return actor.role === 'player' && actor.seatId !== undefined && who === actor.seatId;
}

/**
 * Whether this seat plays the character: "is this mine" for a player (no seat plays nothing;
 * the GM holds no seat). `controls` builds on it; the client asks it to sort and label.
 */
export function playedBy(
  seatId: string | null | undefined,
  character: { owner?: string | undefined },
): boolean {
  return typeof seatId === 'string' && character.owner === seatId;
}

/** The GM acts for every character; a player for the characters of their seat. */
export function controls(actor: Actor, character: { owner?: string | undefined }): boolean {
  if (actor.role === 'gm') return true;
  return actor.role === 'player' && playedBy(actor.seatId, character);
}

/**
 * Whose consequence a person may roll to treat (or, in edgerunner, modify): the GM anyone's; a
 * player their own character's and the other player characters', never an NPC's (the GM's
 * side, foes among them).
 */
export function mayTreat(actor: Actor, patient: { npc: boolean }): boolean {
  return actor.role === 'gm' || (actor.role === 'player' && !patient.npc);
}

export function findControlled(roots: PubRoots, actor: Actor, id: string): OrRefusal<Found> {
  const found = findCharacter(roots, id);
  if (isRefusal(found)) return found;
  if (!controls(actor, found)) {
    return refuse('forbidden', `You do not play "${found.name}".`);
  }
  return found;
}

export function gmOnly(actor: Actor, what: string): Refusal | undefined {
  return actor.role === 'gm' ? undefined : refuse('forbidden', `Only the GM can ${what}.`);
}

/** The seat of a player, which must exist. */
export function seatOf(roots: PubRoots, actor: Actor): OrRefusal<YMap> {
  const seat = actor.seatId === undefined ? undefined : peek(roots.seats, actor.seatId);
  return seat ?? joinFirst();
}

/** All characters, as plain records. */
export function allCharacters(roots: PubRoots): CharacterRecord[] {
  const out: CharacterRecord[] = [];
  roots.characters.forEach((m) => out.push(readCharacter(m as YMap)));
  return out;
}

/** Who acts, as the log and the views name them (a roll's roller, a compel's offerer). */
export function actorRef(ctx: Ctx): ActorRef {
  return ctx.actor.seatId === undefined
    ? { role: ctx.actor.role }
    : { role: ctx.actor.role, seatId: ctx.actor.seatId };
}
