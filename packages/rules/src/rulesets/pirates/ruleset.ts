import type { Ruleset } from '../../core/ruleset';
import { startSlotRecovery } from '../fate-core/recovery';
import { coreActionHooks } from '../shared/core-hooks';
import {
  PIRATES_REFRESH,
  PIRATES_SKILLS,
  newPiratesCharacter,
  piratesRefreshFor,
  piratesSkillSpread,
  validatePiratesCharacter,
} from './template';
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
  // Swashbuckle is "avoiding being stabbed and shot" [PIR-DEFEND-1]; the text names no other.
  usualDefences: { swashbuckle: ['swashbuckle'] },
  // Refusing the GM's compel pays the GM, "whoever suggested the compel" [PIR-COMPEL-1].
  gmCompelRefusalTo: 'gm-pool',
  // "an additional Fate Point for each Consequence you took during the scene" [PIR-CONCEDE-1].
  concessionCounts: 'scene',
  movement: { skillId: 'explore' },
  newCharacter: newPiratesCharacter,
  refreshFor: (character) =>
    piratesRefreshFor(character.stunts.length, character.primaryMagic ?? false),
  skillSpread: piratesSkillSpread,
  validateCharacter: validatePiratesCharacter,
  absorptionOptions: piratesAbsorptionOptions,
  applyAbsorption: applyPiratesAbsorption,
  passTime: piratesPassTime,
  syncSheet: (character) => character,
  // Recovery starts as in Fate Core: the star and maybe a new name [PIR-RECOVER-2].
  startRecovery: startSlotRecovery,
  ...coreActionHooks('Pirates'),
};
