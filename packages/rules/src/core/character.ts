import type { RulesetId } from './types';

/**
 * One character sheet, in a shape shared by all four rulesets. Each ruleset fills in what
 * it uses (a `narrative` character has rated aspects and no skills; a `pirates` one has six
 * fixed skills) and validates it. Everything is keyed by stable ids, never by names.
 */
export interface Character {
  id: string;
  name: string;
  ruleset: RulesetId;
  /** NPCs are not held to the player-character template. */
  npc: boolean;
  aspects: CharacterAspect[];
  skills: Skill[];
  stunts: Stunt[];
  refresh: number;
  fatePoints: number;
  stress: StressTrack[];
  consequences: ConsequenceSlot[];
  /** `pirates`: a character with a primary magic has one free stunt fewer. */
  primaryMagic?: boolean;
  /** `fate-core`: the extreme consequence was used since the last major milestone. */
  extremeUsed?: boolean;
  takenOut: boolean;
}

/** Where an aspect sits on a sheet; `free` slots may stay blank (pirates). */
export type AspectSlot = 'high-concept' | 'trouble' | 'ship' | 'free' | 'other';

export interface CharacterAspect {
  id: string;
  slot: AspectSlot;
  text: string;
  /** `narrative`: the aspect's current rating on the ladder (it acts as a skill). */
  rating?: number;
  /** `narrative`: the rating before damage, restored by recovery. */
  baseRating?: number;
  /** `edgerunner`: permanent aspects stay until deliberately removed. */
  permanent?: boolean;
}

export interface Skill {
  /** Stable id, e.g. `swashbuckle`; the display name comes from the ruleset's skill list. */
  id: string;
  rating: number;
}

export interface Stunt {
  id: string;
  name: string;
  text: string;
  /** An active stunt that attacks everyone in a zone with one roll [CORE-TARGET-2]. */
  zoneAttack?: boolean;
}

/** Which kind of harm a hit or a track is for; `any` where a game has one track. */
export type HarmKind = 'physical' | 'mental' | 'any';

export interface StressBox {
  value: number;
  checked: boolean;
}

export interface StressTrack {
  id: string;
  kind: HarmKind;
  label: string;
  boxes: StressBox[];
}

export type Severity = 'mild' | 'moderate' | 'severe' | 'extreme';

export interface ConsequenceSlot {
  id: string;
  severity: Severity;
  /** Shifts absorbed (fate-core, pirates) or the bonus granted (edgerunner). */
  value: number;
  /** The extra mild slot from Superb Physique or Will takes only that kind of harm. */
  reservedFor?: 'physical' | 'mental';
  /** Empty when the slot is free. */
  taken?: TakenConsequence;
}

export interface TakenConsequence {
  /** The consequence's aspect text; renamed when recovery starts. */
  text: string;
  /** Recovery has started (shown as a star). */
  recovering: boolean;
  /** How many scenes / sessions / scenarios have wholly passed since recovery started. */
  elapsed?: { scenes: number; sessions: number; scenarios: number; refreshes: number };
  /** `fate-core` extreme: the aspect id it replaced. */
  replacesAspectId?: string;
}

/** Who a new character is: the id the table gives it, its name, and whether the GM plays it. */
export interface NewCharacter {
  id: string;
  name: string;
  npc?: boolean;
}
