import type { Ruleset } from '../../core/ruleset';
import { refuse } from '../../core/types';
import { SRD_USUAL_DEFENCES } from '../../core/defences';
import { CORE_FEATURES, noInitiative, noSideModifiers } from '../shared/core-hooks';
import { advanceEdgerunnerConsequences, takeVoluntaryConsequence } from './consequences';
import { edgerunnerResolveAction } from './resolve';
import {
  clearEdgerunnerStressAt,
  edgerunnerAbsorptionOptions,
  edgerunnerApplyAbsorption,
} from './stress';
import {
  EDGERUNNER_REFRESH,
  EDGERUNNER_SKILLS,
  edgerunnerRefreshFor,
  edgerunnerSkillSpread,
  newEdgerunnerCharacter,
  syncEdgerunnerStress,
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
  // The Fate Core skill list, so the SRD's Defend entries (the seed is silent) [ER-DEFEND-1].
  usualDefences: SRD_USUAL_DEFENCES,
  // "giving Selena [the referee] a fate point": refusing the GM's compel pays the GM [ER-COMPEL-1].
  gmCompelRefusalTo: 'gm-pool',
  concessionCounts: 'conflict',
  features: { ...CORE_FEATURES, aspectActions: true, removal: true },
  movement: { skillId: 'athletics' },
  newCharacter: newEdgerunnerCharacter,
  refreshFor: (character) => edgerunnerRefreshFor(character.stunts.length),
  skillSpread: edgerunnerSkillSpread,
  validateCharacter: validateEdgerunnerCharacter,
  absorptionOptions: edgerunnerAbsorptionOptions,
  // Names are unused: no option fills a consequence [ER-STRESS-2].
  applyAbsorption: (character, hit, option) => edgerunnerApplyAbsorption(character, hit, option),
  passTime: (character, mark) =>
    advanceEdgerunnerConsequences(clearEdgerunnerStressAt(character, mark), mark),
  syncSheet: syncEdgerunnerStress,
  resolveAction: edgerunnerResolveAction,
  startRecovery: () =>
    refuse(
      'no-recovery-action',
      'Edgerunner consequences clear on their own clock [ER-CONSEQ-3]; modify one with a roll [ER-CONSEQ-4].',
    ),
  // Only the controlling player takes one, for a bonus on one roll [ER-CONSEQ-1..2].
  takeConsequence: (character, request) =>
    takeVoluntaryConsequence(character, {
      slotId: request.slotId,
      text: request.text,
      actorControls: request.actorControls,
    }),
  sideModifiers: noSideModifiers('Edgerunner'),
  initiative: noInitiative('Edgerunner'),
};
