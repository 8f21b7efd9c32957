import type { ActionChoice, ActionEffectResult, ActionKind } from './actions';
import type { Character, HarmKind, NewCharacter } from './character';
import type { GmCompelPayee } from './economy-types';
import type { SkillSpread } from './spread';
import type { MovementRoll } from './zones';
import type { Problem, Result, Rng, RulesetId } from './types';

/**
 * Which skills usually defend against an action rolled with a skill: by the acting skill's
 * id, the skills that may defend in the order the source names them. A skill not listed has
 * no usual defence (the defender picks). See `usualDefence` (defences.ts).
 */
export type UsualDefences = Readonly<Record<string, readonly string[]>>;

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

/** Edgerunner's aspect actions (declaration, assessment, maneuver) [ER-DECLARE-2]. */
export type AspectActionKind = 'declaration' | 'assessment' | 'maneuver';

/**
 * A roll to resolve in this game's terms. Totals are whole: the table adds rating, dice,
 * modifiers and invokes (in `narrative`, the strategy / creativity / tools modifiers for the
 * side's role) before asking.
 */
export interface ActionRequest {
  action: ActionKind;
  /** The acting side's total; for an unrolled simple action (`narrative`), its rating. */
  total: number;
  /** The difficulty (passive), or the opposing side's total when `opposed`. */
  opposition: number;
  /** An opposing character rolled: a contest (`narrative`: a conflict exchange). */
  opposed: boolean;
  /** `edgerunner`: a declaration, assessment or maneuver. */
  aspectAction?: AspectActionKind;
  /** `edgerunner`: a roll to remove an aspect; `opposition` is its persistence [ER-REMOVE-1]. */
  removal?: boolean;
  /** `narrative`: a simple action, not rolled [NAR-SIMPLE-1]. */
  simple?: boolean;
  /** create-advantage: a new aspect (default) or one that exists. */
  target?: 'new-aspect' | 'existing-aspect';
  /** defend: the action defended against (default `attack`) and whom it targeted. */
  against?: 'overcome' | 'create-advantage' | 'attack';
  protecting?: 'self' | 'other';
  /** The player's pick where the rules leave one. */
  choice?: ActionChoice;
}

/** What a roll comes to in this game: the core outcome and effects, plus the game's extras. */
export interface ActionResolution extends ActionEffectResult {
  /** `edgerunner`: the new aspect's persistence (the shifts a removal roll must meet). */
  persistence?: number;
  /** `edgerunner`: a removal roll met the aspect's persistence: the aspect goes. */
  removesAspect?: boolean;
  /** `narrative`: the side that lost the exchange takes `levels` of damage to aspect ratings. */
  damage?: { to: 'actor' | 'opposition'; levels: number };
  /** The rule ids this resolution applied, for the log. */
  rules: string[];
}

/** Starting recovery from harm (`fate-core`, `pirates`: a consequence; `narrative`: ratings). */
export interface RecoveryRequest {
  /** The consequence slot (`fate-core`, `pirates`). */
  slotId?: string;
  /** The consequence's new name while it recovers. */
  newName?: string;
  /** `narrative`: the situation that caused the conflict remains (half the levels back). */
  situationRemains?: boolean;
  /** `narrative`: the damage was physical and needs healing first [NAR-RECOVER-2]. */
  physical?: boolean;
  /** `narrative`: a healing complex action succeeded. */
  healed?: boolean;
  /** A scene is running as recovery starts (default true); see `markRecovering`. */
  sceneRunning?: boolean;
}

/** Writing a consequence outside a hit. */
export interface ConsequenceRequest {
  slotId: string;
  text: string;
  /**
   * The actor is the character's controller: its player, or the GM for an NPC or an unclaimed
   * character (not the GM for a player's character).
   */
  actorControls: boolean;
  /** The actor is the GM (a hand-written consequence where the game allows one). */
  byGm: boolean;
}

/** `narrative`'s conflict modifiers for one side [NAR-STRATEGY-1] [NAR-CREATIVITY-1] [NAR-TOOLS-1]. */
export interface SideModifiers {
  strategy?: 'none' | 'defensive' | 'aggressive';
  creativity?: -1 | 0 | 1;
  tool?: boolean;
}

/** One character entering a conflict's initiative. */
export interface InitiativeEntry {
  id: string;
  /** The rating it goes by (an aspect in `narrative`). */
  rating: number;
  surprise?: boolean;
}

/** See `Ruleset.features`. */
export interface RulesetFeatures {
  /** Creating an advantage is an aspect action: maneuver, assessment, declaration [ER-ACTION-1]. */
  aspectActions: boolean;
  /** An overcome may remove a temporary aspect [ER-REMOVE-1]. */
  removal: boolean;
  /** Each side of a conflict picks a strategy, creativity and tools [NAR-STRATEGY-1]. */
  sideModifiers: boolean;
  /** A conflict's turn order is rolled or read from a rating [NAR-INIT-1]. */
  initiative: boolean;
  /**
   * Lost levels come back as the conflict ends [NAR-RECOVER-1]: the table calls `startRecovery`
   * (no slot) for each character who lost some, all or half as the GM says [NAR-RECOVER-4].
   */
  recoversAtConflictEnd: boolean;
}

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
  /**
   * Which skills usually defend against an action rolled with a skill, by that skill's id
   * (`usualDefence` picks the defender's best of them); empty where the game names none.
   */
  usualDefences: UsualDefences;
  /**
   * Where the point paid to refuse the GM's compel goes: `gm-pool` where the text pays
   * "whoever suggested the compel" (`pirates` [PIR-COMPEL-1]), else `bank` (the Fate Core SRD
   * convention, the texts being silent) [CORE-FP-7].
   */
  gmCompelRefusalTo: GmCompelPayee;
  /**
   * Which consequences a concession pays for (1 point plus 1 each [CORE-FP-10]): those taken in
   * the current `conflict` (Fate Core), or in the whole `scene` (`pirates` [PIR-CONCEDE-1]).
   */
  concessionCounts: 'conflict' | 'scene';
  /**
   * What the game plays beyond the four actions, as data, so a screen shows only the controls
   * the game has. The hooks below agree with it (they refuse what a game lacks).
   */
  features: RulesetFeatures;
  /**
   * What a moving overcome rolls [CORE-MOVE-2]: Athletics in `fate-core` and `edgerunner`,
   * Explore in `pirates` ("getting from point A to point B"), a rated aspect in `narrative`
   * (Body offered first).
   */
  movement: MovementRoll;
  /** A player character (or NPC) with the ruleset's slots, tracks and defaults, blank text. */
  newCharacter(init: NewCharacter): Character;
  /**
   * The refresh a player character's stunts leave it at creation: the default less each stunt
   * beyond the free ones. Derived, never typed in (see `deriveSheet`).
   */
  refreshFor(character: Character): number;
  /** How the starting ratings must spread, rung by rung, as the sheet stands now. */
  skillSpread(character: Character): SkillSpread;
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
  /**
   * Rebuilds what a sheet derives from its skills and aspects (stress boxes, extra mild slots)
   * after they change.
   */
  syncSheet(character: Character): Character;
  /** Resolves a roll: the game's outcome, shifts and effects; refuses what the game lacks. */
  resolveAction(request: ActionRequest): Result<ActionResolution>;
  /** Starts recovery; refuses where the game has no recovery action. */
  startRecovery(character: Character, request: RecoveryRequest): Result<Character>;
  /**
   * Writes a consequence outside a hit: `edgerunner`'s voluntary consequence for a bonus on one
   * roll; a GM's hand edit in `fate-core` and `pirates`; refused in `narrative`.
   */
  takeConsequence(
    character: Character,
    request: ConsequenceRequest,
  ): Result<{ character: Character; bonus?: number }>;
  /**
   * A side's conflict modifiers as labelled values for its role (`narrative`: strategy,
   * creativity, tools, which add up); refused where the game has none and some are given.
   */
  sideModifiers(
    modifiers: SideModifiers,
    role: 'aggressor' | 'defender',
  ): Result<{ label: string; value: number }[]>;
  /**
   * Orders a conflict's turns by the game's initiative rule, or refuses where the GM simply
   * gives the order.
   */
  initiative(
    entries: readonly InitiativeEntry[],
    method: 'aspect' | 'roll',
    rng: Rng,
  ): Result<{
    order: string[];
    rolls: { id: string; round: number; dice: number; total: number }[];
  }>;
}
