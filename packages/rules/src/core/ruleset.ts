import type { Character, HarmKind } from './character';
import type { Problem, RulesetId } from './types';

/** A hit to absorb: its shifts, and whether it is physical or mental where that matters. */
export interface Hit {
  shifts: number;
  kind: HarmKind;
}

/**
 * One way to absorb a hit. `fate-core` and `pirates` use a stress box and consequence slots;
 * `narrative` lowers aspect ratings. An option covers the whole hit.
 */
export interface AbsorptionOption {
  /** The stress box checked, if any (one per hit). */
  stress?: { trackId: string; boxIndex: number; value: number };
  /** Consequence slots filled, by slot id. */
  consequences: string[];
  /** `narrative`: aspect ratings lowered, by aspect id. */
  aspectDamage?: { aspectId: string; levels: number }[];
  /**
   * `fate-core` extreme consequence: the aspect (never the High Concept) it replaces. The
   * defender fills it in before applying an option that uses the extreme slot.
   */
  replacesAspectId?: string;
  /** Shifts this option absorbs (≥ the hit). */
  absorbs: number;
  /** A one-line description for the defender, e.g. "3-box and mild consequence". */
  label: string;
}

/** What absorbing a hit grants the attacker: a free invoke on each new consequence [FC-CONSEQ-4]. */
export interface AbsorptionGrant {
  freeInvokes: { consequenceSlotId: string; text: string; count: number }[];
}

export interface AbsorptionResult {
  character: Character;
  grants: AbsorptionGrant;
}

/** A name for each consequence the chosen option fills, by slot id. */
export type ConsequenceNames = Record<string, string>;

/** The points in time that clear stress and consequences. */
export type TimeMark = 'scene-end' | 'session-end' | 'scenario-end' | 'refresh' | 'major-milestone';

/**
 * A ruleset is data (template, tracks, slots, defaults) plus the functions where the games
 * differ. Everything is pure: no clock, no randomness except an injected Rng.
 */
export interface Ruleset {
  id: RulesetId;
  name: string;
  /** One line for the table-creation picker. */
  summary: string;
  /** 4 for 4dF, 3 for 3dF. */
  diceCount: number;
  /** The skill list, or `null` where aspects act as skills (`narrative`). */
  skills: { id: string; name: string }[] | null;
  /** The ruleset's default refresh for a new player character. */
  defaultRefresh: number;
  /** A player character (or NPC) with the ruleset's slots, tracks and defaults, blank text. */
  newCharacter(init: { id: string; name: string; npc?: boolean }): Character;
  /** Readable problems (skill spread, refresh floor, stunt slots…); empty when valid. */
  validateCharacter(character: Character): Problem[];
  /**
   * Every minimal way to absorb the hit, cheapest first; empty means taken out (or concede
   * beforehand).
   */
  absorptionOptions(character: Character, hit: Hit): AbsorptionOption[];
  /** Applies an option from `absorptionOptions`; refuses an option that is not valid. */
  applyAbsorption(
    character: Character,
    hit: Hit,
    option: AbsorptionOption,
    names: ConsequenceNames,
  ): { ok: true; value: AbsorptionResult } | { ok: false; code: string; message: string };
  /** What passing a point in time clears or advances (stress at scene end, consequences…). */
  passTime(character: Character, mark: TimeMark): Character;
}
