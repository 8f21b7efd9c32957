import type { Ruleset } from '../../core/ruleset';
import { refuse } from '../../core/types';
import { SRD_USUAL_DEFENCES } from '../../core/defences';
import {
  coreResolveAction,
  handWrittenConsequence,
  noInitiative,
  noSideModifiers,
} from '../shared/core-hooks';
import { applyFateCoreAbsorption, fateCoreAbsorptionOptions } from './absorption';
import {
  FATE_CORE_REFRESH,
  FATE_CORE_SKILLS,
  fateCoreRefreshFor,
  fateCoreSkillSpread,
  newFateCoreCharacter,
  syncFateCoreSheet,
} from './template';
import { validateFateCoreCharacter } from './validate';
import { fateCorePassTime, startFateCoreRecovery } from './recovery';

/** Fate Core, resolving attacks (seed 001). See RULES.md "## fate-core". */
export const fateCore: Ruleset = {
  id: 'fate-core',
  name: 'Fate Core',
  summary:
    'Fate Core: physical and mental stress, shared mild/moderate/severe consequences, an extreme consequence once per milestone.',
  diceCount: 4,
  skills: FATE_CORE_SKILLS,
  defaultRefresh: FATE_CORE_REFRESH,
  // The SRD's Defend entries (the seed is silent) [FC-DEFEND-1].
  usualDefences: SRD_USUAL_DEFENCES,
  gmCompelRefusalTo: 'bank',
  concessionCounts: 'conflict',
  features: {
    aspectActions: false,
    removal: false,
    sideModifiers: false,
    initiative: false,
    recoversAtConflictEnd: false,
  },
  movement: { skillId: 'athletics' },
  newCharacter: newFateCoreCharacter,
  refreshFor: (character) => fateCoreRefreshFor(character.stunts.length),
  skillSpread: fateCoreSkillSpread,
  validateCharacter: validateFateCoreCharacter,
  absorptionOptions: fateCoreAbsorptionOptions,
  applyAbsorption: applyFateCoreAbsorption,
  passTime: fateCorePassTime,
  syncSheet: syncFateCoreSheet,
  resolveAction: (request) => coreResolveAction('Fate Core', request),
  startRecovery: (character, request) =>
    request.slotId === undefined
      ? refuse('no-such-slot', 'Name the consequence slot that starts recovering.')
      : startFateCoreRecovery(character, request.slotId, request.newName, request.sceneRunning),
  takeConsequence: handWrittenConsequence,
  sideModifiers: noSideModifiers('Fate Core'),
  initiative: noInitiative('Fate Core'),
};
