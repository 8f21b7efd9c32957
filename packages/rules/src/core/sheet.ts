import type { Character, NewCharacter } from './character';
import type { Ruleset } from './ruleset';
import type { RulesetId } from './types';

/**
 * What every game's blank sheet starts from: no aspects, skills, stunts or tracks yet, fate
 * points at the game's refresh, not taken out. Each template adds its own slots to it.
 */
export function blankSheet(init: NewCharacter, ruleset: RulesetId, refresh: number): Character {
  return {
    id: init.id,
    name: init.name,
    ruleset,
    npc: init.npc ?? false,
    aspects: [],
    skills: [],
    stunts: [],
    refresh,
    fatePoints: refresh,
    stress: [],
    consequences: [],
    takenOut: false,
  };
}

/** Refresh left after the stunts beyond the free ones, 1 refresh each (the SRD's price). */
export function refreshAfterStunts(base: number, freeStunts: number, stuntCount: number): number {
  return base - Math.max(0, stuntCount - freeStunts);
}

/**
 * Everything a sheet derives, computed for the player rather than checked against what they
 * typed [CORE-SHEET-1]: stress boxes and extra consequence slots from the skills behind them
 * (`syncSheet`), and a player character's refresh from its stunts (`refreshFor`). With
 * `before` (an edit of a sheet in play) the refresh moves only by what the stunts changed, so
 * a refresh the GM raised at a milestone is kept; NPCs keep whatever refresh they were given.
 */
export function deriveSheet(ruleset: Ruleset, character: Character, before?: Character): Character {
  const synced = ruleset.syncSheet(character);
  if (synced.npc) return synced;
  const refresh = before
    ? before.refresh + ruleset.refreshFor(synced) - ruleset.refreshFor(before)
    : ruleset.refreshFor(synced);
  return { ...synced, refresh };
}
