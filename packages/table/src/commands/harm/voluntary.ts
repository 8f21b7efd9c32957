import type { Character, Ruleset, Severity } from '@fateboard/rules';
import { isController } from '../access';
import type { Actor } from '../context';
import type { RollView } from '../../doc/view-types';

/**
 * Who may take a consequence for whom, and for what bonus on a roll: edgerunner's voluntary
 * consequence [ER-CONSEQ-1..2]. One place decides, for the reducer (`consequence.take`) and for
 * the roll card, which offers exactly what the reducer accepts (voluntary.test.ts holds the two
 * together).
 */

/**
 * Only the character's controller takes a consequence for it [ER-CONSEQ-2] ("Only a controlling
 * player may voluntarily take consequences"): its player, or the GM for an NPC and for a
 * character no one has claimed. The GM, who may act for every character, does not take one for
 * a player's character.
 */
export function mayTakeConsequence(
  actor: Actor,
  character: { npc?: boolean; owner?: string | undefined },
): boolean {
  return isController(actor, character);
}

/** A consequence slot the actor may fill for a bonus on the roll. */
export interface ConsequenceSlotOffer {
  id: string;
  severity: Severity;
  bonus: number;
}

/** The consequences one character may take on one side of a roll. */
export interface ConsequenceOffer {
  characterId: string;
  name: string;
  side: 'actor' | 'opposition';
  slots: ConsequenceSlotOffer[];
}

/** Which side of a roll a character rolled. */
export function sideOf(roll: RollView, characterId: string): 'actor' | 'opposition' | undefined {
  if (roll.actor.characterId === characterId) return 'actor';
  return roll.opposition?.characterId === characterId ? 'opposition' : undefined;
}

/**
 * Why a roll takes no consequence's bonus any more, or undefined while it may: its outcome is
 * undecided (a defence awaited), over (the defender conceded) or already applied.
 */
export function rollClosedToBonuses(
  roll: RollView,
): 'awaiting' | 'conceded' | 'applied' | undefined {
  if (roll.defence?.status === 'awaiting') return 'awaiting';
  if (roll.defence?.status === 'conceded') return 'conceded';
  return roll.applied ? 'applied' : undefined;
}

/**
 * What `actor` may take on `roll`: for each side whose character they control, the free slots
 * the ruleset fills for a bonus (none in the games without voluntary consequences). The side
 * is the character's own: a consequence taken for the defender adds to the defence.
 */
export function consequenceOffers(
  ruleset: Ruleset,
  actor: Actor,
  roll: RollView,
  character: (id: string) => Character | undefined,
): ConsequenceOffer[] {
  if (rollClosedToBonuses(roll)) return [];
  const sides = [
    ['actor', roll.actor.characterId],
    ...(roll.opposition ? [['opposition', roll.opposition.characterId] as const] : []),
  ] as const;
  const out: ConsequenceOffer[] = [];
  for (const [side, id] of sides) {
    const c = character(id);
    if (!c || !mayTakeConsequence(actor, c)) continue;
    const slots: ConsequenceSlotOffer[] = [];
    for (const slot of c.consequences) {
      if (slot.taken) continue;
      const probe = ruleset.takeConsequence(c, {
        slotId: slot.id,
        text: 'probe',
        actorControls: true,
        byGm: actor.role === 'gm',
      });
      if (probe.ok && probe.value.bonus !== undefined) {
        slots.push({ id: slot.id, severity: slot.severity, bonus: probe.value.bonus });
      }
    }
    if (slots.length > 0) out.push({ characterId: c.id, name: c.name, side, slots });
  }
  return out;
}
