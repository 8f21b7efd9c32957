import { ladderRungs } from '@fateboard/rules';
import { i18n } from '../../lib/i18n';

/** Words the rules reference's sections share (severities, kinds of harm), in one place. */
export const messages = i18n('lib/help-words', {
  mild: 'Mild',
  moderate: 'Moderate',
  severe: 'Severe',
  extreme: 'Extreme',
  physical: 'Physical',
  mental: 'Mental',
  any: 'Any harm',
  severity: 'Consequence',
  absorbs: 'Absorbs',
  difficulty: 'Recovery difficulty',
  onYourself: 'On yourself',
  boxes: 'Boxes',
  rating: 'Skill rating',
});

/** The ladder's rung names, from the rules package's own ladder so they are never retyped. */
export const messagesLadder = i18n(
  'help/ladder',
  Object.fromEntries(ladderRungs().map((r) => [r.name, r.name])),
);
