import type { Ruleset } from '../../core/ruleset';
import { exhaustive, ok, refuse } from '../../core/types';
import { CORE_FEATURES } from '../shared/core-hooks';
import { determineInitiative } from './initiative';
import { narrativeResolveAction } from './resolve';
import { narrativeAbsorptionOptions, narrativeApplyAbsorption, narrativeRecover } from './damage';
import { NARRATIVE_DICE, conflictModifier } from './resolution';
import {
  NARRATIVE_REFRESH,
  narrativeAspectSpread,
  narrativeRefreshFor,
  newNarrativeCharacter,
  validateNarrativeCharacter,
} from './template';

/** Narrative: seeds/003 (aspects rated like skills, 3dF), Fate Core SRD where the text is silent. */
export const narrative: Ruleset = {
  id: 'narrative',
  name: 'Narrative',
  summary:
    'Aspects rated like skills on 3dF; simple, complex and conflict actions; damage lowers aspects until incapacitated.',
  diceCount: NARRATIVE_DICE,
  skills: null,
  defaultRefresh: NARRATIVE_REFRESH,
  // Aspects are rolled, not skills: the defender picks the aspect that fits.
  usualDefences: {},
  gmCompelRefusalTo: 'bank',
  concessionCounts: 'conflict',
  features: {
    ...CORE_FEATURES,
    sideModifiers: true,
    initiative: true,
    recoversAtConflictEnd: true,
  },
  movement: { aspectId: 'body' },
  newCharacter: newNarrativeCharacter,
  refreshFor: (character) => narrativeRefreshFor(character.stunts.length),
  skillSpread: narrativeAspectSpread,
  validateCharacter: validateNarrativeCharacter,
  absorptionOptions: narrativeAbsorptionOptions,
  applyAbsorption: (character, hit, option) => narrativeApplyAbsorption(character, hit, option),
  passTime: (character, mark) => {
    switch (mark) {
      // Recovery at a conflict's end depends on whether the situation remains and on healing, so
      // the table calls `narrativeRecover`; the clock alone does not heal [NAR-RECOVER-1].
      case 'scene-end':
      case 'session-end':
      case 'refresh':
      case 'major-milestone':
        return character;
      // Text silent: by a scenario's end the story has moved on, as Fate Core clears even severe
      // consequences by then; every level comes back [NAR-RECOVER-3].
      case 'scenario-end': {
        const r = narrativeRecover(character, { situationRemains: false });
        return r.ok ? r.value : character;
      }
      default:
        return exhaustive(mark);
    }
  },
  syncSheet: (character) => character,
  resolveAction: narrativeResolveAction,
  // Lost levels come back after the conflict, half while the situation remains [NAR-RECOVER-1..2].
  startRecovery: (character, request) =>
    narrativeRecover(character, {
      situationRemains: request.situationRemains ?? false,
      ...(request.physical === undefined ? {} : { physical: request.physical }),
      ...(request.healed === undefined ? {} : { healed: request.healed }),
    }),
  takeConsequence: () =>
    refuse('no-consequences', 'Narrative has no consequences: damage lowers aspect ratings.'),
  // Strategy by role, creativity and tools add up [NAR-STRATEGY-1] [NAR-CREATIVITY-1] [NAR-TOOLS-1].
  sideModifiers: (modifiers, role) => {
    const out: { label: string; value: number }[] = [];
    const strategy = modifiers.strategy ?? 'none';
    if (strategy !== 'none') {
      out.push({ label: `Strategy: ${strategy}`, value: conflictModifier({ strategy }, role) });
    }
    if ((modifiers.creativity ?? 0) !== 0) {
      const creativity = modifiers.creativity ?? 0;
      out.push({ label: 'Creativity', value: conflictModifier({ creativity }, role) });
    }
    if (modifiers.tool === true)
      out.push({ label: 'Tool', value: conflictModifier({ tool: true }, role) });
    return ok(out);
  },
  initiative: (entries, method, rng) => ok(determineInitiative(entries, method, rng)),
};
