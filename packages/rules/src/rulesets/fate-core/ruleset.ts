import type { Ruleset } from '../../core/ruleset';
import { SRD_USUAL_DEFENCES } from '../../core/defences';
import { coreActionHooks } from '../shared/core-hooks';
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
import { fateCorePassTime, startSlotRecovery } from './recovery';

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
  movement: { skillId: 'athletics' },
  newCharacter: newFateCoreCharacter,
  refreshFor: (character) => fateCoreRefreshFor(character.stunts.length),
  skillSpread: fateCoreSkillSpread,
  validateCharacter: validateFateCoreCharacter,
  absorptionOptions: fateCoreAbsorptionOptions,
  applyAbsorption: applyFateCoreAbsorption,
  passTime: fateCorePassTime,
  syncSheet: syncFateCoreSheet,
  startRecovery: startSlotRecovery,
  ...coreActionHooks('Fate Core'),
};
