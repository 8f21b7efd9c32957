import type { Ruleset } from '../../core/ruleset';
import { applyFateCoreAbsorption, fateCoreAbsorptionOptions } from './absorption';
import {
  FATE_CORE_REFRESH,
  FATE_CORE_SKILLS,
  newFateCoreCharacter,
  validateFateCoreCharacter,
} from './character';
import { fateCorePassTime } from './recovery';

/** Fate Core, resolving attacks (seed 001). See RULES.md "## fate-core". */
export const fateCore: Ruleset = {
  id: 'fate-core',
  name: 'Fate Core',
  summary:
    'Fate Core: physical and mental stress, shared mild/moderate/severe consequences, an extreme consequence once per milestone.',
  diceCount: 4,
  skills: FATE_CORE_SKILLS,
  defaultRefresh: FATE_CORE_REFRESH,
  newCharacter: newFateCoreCharacter,
  validateCharacter: validateFateCoreCharacter,
  absorptionOptions: fateCoreAbsorptionOptions,
  applyAbsorption: applyFateCoreAbsorption,
  passTime: fateCorePassTime,
};
