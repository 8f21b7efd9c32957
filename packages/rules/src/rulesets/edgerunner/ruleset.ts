import type { Ruleset } from '../../core/ruleset';
import { advanceEdgerunnerConsequences } from './consequences';
import {
  clearEdgerunnerStressAt,
  edgerunnerAbsorptionOptions,
  edgerunnerApplyAbsorption,
} from './stress';
import {
  EDGERUNNER_REFRESH,
  EDGERUNNER_SKILLS,
  newEdgerunnerCharacter,
  validateEdgerunnerCharacter,
} from './template';

/** Edgerunner: seeds/002 (creating aspects), Fate Core SRD where the text is silent. */
export const edgerunner: Ruleset = {
  id: 'edgerunner',
  name: 'Edgerunner',
  summary:
    'Permanent and temporary aspects, declarations by player vote, free invokes bought by shifts, consequences taken for a bonus.',
  diceCount: 4,
  skills: EDGERUNNER_SKILLS.map((s) => ({ ...s })),
  defaultRefresh: EDGERUNNER_REFRESH,
  newCharacter: newEdgerunnerCharacter,
  validateCharacter: validateEdgerunnerCharacter,
  absorptionOptions: edgerunnerAbsorptionOptions,
  // Names are unused: no option fills a consequence [ER-STRESS-2].
  applyAbsorption: (character, hit, option) => edgerunnerApplyAbsorption(character, hit, option),
  passTime: (character, mark) =>
    advanceEdgerunnerConsequences(clearEdgerunnerStressAt(character, mark), mark),
};
