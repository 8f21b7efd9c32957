import type { Ruleset } from '../../core/ruleset';
import {
  PIRATES_REFRESH,
  PIRATES_SKILLS,
  newPiratesCharacter,
  validatePiratesCharacter,
} from './character';
import { applyPiratesAbsorption, piratesAbsorptionOptions, piratesPassTime } from './stress';

/** The pirate hack (seed 000). See RULES.md "## pirates". */
export const pirates: Ruleset = {
  id: 'pirates',
  name: 'Pirates',
  summary:
    'A Fate Accelerated-style pirate hack: six fixed skills, a Ship aspect, one [1][2][3] stress track.',
  diceCount: 4,
  skills: PIRATES_SKILLS,
  defaultRefresh: PIRATES_REFRESH,
  newCharacter: newPiratesCharacter,
  validateCharacter: validatePiratesCharacter,
  absorptionOptions: piratesAbsorptionOptions,
  applyAbsorption: applyPiratesAbsorption,
  passTime: piratesPassTime,
};
