import type { Character, Result, Ruleset, RulesetId } from '@fateboard/rules';
import {
  edgerunner,
  fateCore,
  narrative,
  narrativeRecover,
  pirates,
  refuse,
  startFateCoreRecovery,
  syncEdgerunnerStress,
  syncFateCoreSheet,
  takeVoluntaryConsequence,
} from '@fateboard/rules';

/**
 * The bridge to the rules package's rulesets: the one place the table looks them up, and
 * the few places where a game differs beyond the `Ruleset` contract.
 */
const registry = new Map<RulesetId, Ruleset>([
  ['fate-core', fateCore],
  ['pirates', pirates],
  ['edgerunner', edgerunner],
  ['narrative', narrative],
]);

export function rulesetById(id: RulesetId): Ruleset | undefined {
  return registry.get(id);
}

/** Rebuilds what a sheet derives from its skills (stress boxes, extra mild slots). */
export function syncSheet(ruleset: Ruleset, character: Character): Character {
  switch (ruleset.id) {
    case 'fate-core':
      return syncFateCoreSheet(character);
    case 'edgerunner':
      return syncEdgerunnerStress(character);
    case 'pirates':
    case 'narrative':
      return character;
  }
}

/**
 * Starts recovery (fate-core, pirates: the star and maybe a new name); narrative gives lost
 * levels back once the conflict is over; edgerunner consequences run on their own clock.
 */
export function startRecovery(
  ruleset: Ruleset,
  character: Character,
  slotId: string,
  newName: string | undefined,
): Result<Character> {
  switch (ruleset.id) {
    case 'fate-core':
    case 'pirates':
      return startFateCoreRecovery(character, slotId, newName);
    case 'narrative':
      return narrativeRecover(character, { situationRemains: false, healed: true });
    case 'edgerunner':
      return refuse(
        'no-recovery-action',
        'Edgerunner consequences clear on their own clock [ER-CONSEQ-3]; modify one with a roll.',
      );
  }
}

/**
 * Taking a consequence outside a hit: edgerunner's voluntary consequence (its controller
 * takes it for a bonus on one roll); elsewhere only the GM writes one by hand.
 */
export function takeConsequence(
  ruleset: Ruleset,
  character: Character,
  slotId: string,
  text: string,
  actorControls: boolean,
): Result<{ character: Character; bonus?: number }> {
  if (ruleset.id === 'edgerunner') {
    return takeVoluntaryConsequence(character, { slotId, text, actorControls });
  }
  const slot = character.consequences.find((s) => s.id === slotId);
  if (!slot) return refuse('no-such-slot', `There is no consequence slot "${slotId}".`);
  if (slot.taken)
    return refuse('slot-full', `The ${slot.severity} slot already holds "${slot.taken.text}".`);
  return {
    ok: true,
    value: {
      character: {
        ...character,
        consequences: character.consequences.map((s) =>
          s.id === slotId ? { ...s, taken: { text, recovering: false } } : s,
        ),
      },
    },
  };
}
