import { computed } from 'nanostores';
import { ALL_RULESETS, NARRATIVE_CATEGORY_NAMES, signed } from '@fateboard/rules';
import type { AbsorptionOption, Character, Problem, ProblemSay, Ruleset } from '@fateboard/rules';
import { BLANK, ladderLabel, skillName, trackLabel } from '../../lib/game-words';
import { count, i18n, params } from '../../lib/i18n';

/**
 * The rules' words that only the sheet editor, the hit panel, the game picker and the help show:
 * spread rules, game summaries, narrative's categories, the ways to absorb a hit and sheet
 * problems, in the reader's language. Apart from game-words.ts so the first screen's download
 * does not carry them. The English is the rules' own, word for word (sheet-words.test.ts).
 */

/** Each game's spread rule in one sentence ("One Great (+4), two Good (+3)…"), by game id. */
const SPREAD_RULES: Record<string, string> = Object.fromEntries(
  BLANK.map(({ ruleset, sheet }) => [ruleset.id, ruleset.skillSpread(sheet).rule]),
);
export const messagesSpreadRules = i18n('lib/sheet-words/spread-rules', SPREAD_RULES);

/** A spread's rule sentence in the reader's language; one the games do not write, as it is. */
export const spreadRule = computed(messagesSpreadRules, (rules) => {
  const table = rules as Record<string, string | undefined>;
  return (rule: string): string => {
    const id = Object.keys(SPREAD_RULES).find((r) => SPREAD_RULES[r] === rule);
    return id === undefined ? rule : (table[id] ?? rule);
  };
});

/** Each game's one-line summary for the table-creation picker, by game id. */
export const messagesSummaries = i18n(
  'lib/sheet-words/summaries',
  Object.fromEntries(ALL_RULESETS.map((r) => [r.id, r.summary])),
);

export const rulesetSummary = computed(messagesSummaries, (summaries) => {
  const table = summaries as Record<string, string | undefined>;
  return (ruleset: Pick<Ruleset, 'id' | 'summary'>): string => table[ruleset.id] ?? ruleset.summary;
});

/** narrative's aspect categories (Body, Mind, Social, Professional), by id. */
export const messagesCategories = i18n('lib/sheet-words/categories', {
  ...NARRATIVE_CATEGORY_NAMES,
});

/** A category's name, or undefined for an id that is none. */
export const categoryName = computed(messagesCategories, (names) => {
  const table = names as Record<string, string | undefined>;
  return (id: string): string | undefined =>
    Object.hasOwn(NARRATIVE_CATEGORY_NAMES, id) ? table[id] : undefined;
});

/**
 * The words of a way to absorb a hit, as the rules write them ("mild consequence + 2-point
 * physical box"), rebuilt from the option's parts so they can be said in another language.
 */
export const messagesAbsorb = i18n('lib/sheet-words/absorb', {
  nothing: 'nothing to absorb',
  noHarm: 'No harm',
  consequence: params('{severity} consequence'),
  consequenceFor: params('{severity} consequence ({kind})'),
  box: params('{value}-point {track} box'),
  mild: 'mild',
  moderate: 'moderate',
  severe: 'severe',
  extreme: 'extreme',
  physical: 'physical',
  mental: 'mental',
  // A box's track, by track id.
  physicalTrack: 'physical',
  mentalTrack: 'mental',
  stressTrack: 'stress',
});

export const absorbLabel = computed(
  [messagesAbsorb, trackLabel],
  (m, track) =>
    (
      ruleset: Pick<Ruleset, 'id'>,
      character: Pick<Character, 'stress' | 'consequences'>,
      option: AbsorptionOption,
    ): string => {
      if (option.aspectDamage?.length) return option.label; // narrative: aspects and numbers
      if (option.absorbs === 0 && !option.stress && option.consequences.length === 0) {
        return ruleset.id === 'fate-core' || ruleset.id === 'pirates' ? m.nothing : m.noHarm;
      }
      const words = m as unknown as Record<string, string | undefined>;
      const parts = option.consequences.map((id) => {
        const slot = character.consequences.find((c) => c.id === id);
        if (!slot) return id;
        const severity = m[slot.severity];
        return slot.reservedFor
          ? m.consequenceFor({ severity, kind: m[slot.reservedFor] })
          : m.consequence({ severity });
      });
      if (option.stress) {
        const { trackId, value } = option.stress;
        const t = character.stress.find((x) => x.id === trackId);
        // Edgerunner names the box by its track's label, the other games by the track's id.
        const name =
          ruleset.id === 'edgerunner' && t
            ? track(t).toLowerCase()
            : (words[`${trackId}Track`] ?? trackId);
        parts.push(m.box({ value, track: name }));
      }
      return parts.join(' + ');
    },
);

/**
 * A sheet problem's sentences (`Problem.says`), by id; the English is the rules' own message,
 * word for word. A problem the rules give no sentences for reads as its English message.
 */
export const messagesProblems = i18n('lib/sheet-words/problems', {
  skills: count({ one: '{count} skill', many: '{count} skills' }),
  aspects: count({ one: '{count} aspect', many: '{count} aspects' }),
  skillPyramidOver: params(
    'The skill pyramid has {want} at {rating}; you have {have}: lower {gap} of them.',
  ),
  skillPyramidUnder: params(
    'The skill pyramid has {want} at {rating}; you have {have}: raise {gap} more to {rating}.',
  ),
  aspectPyramidOver: params(
    'The aspect pyramid has {want} at {rating}; you have {have}: lower {gap} of them.',
  ),
  aspectPyramidUnder: params(
    'The aspect pyramid has {want} at {rating}; you have {have}: raise {gap} more to {rating}.',
  ),
  spreadOver: params('The spread has {want} at {rating}; you have {have}: lower {gap} of them.'),
  spreadUnder: params(
    'The spread has {want} at {rating}; you have {have}: raise {gap} more to {rating}.',
  ),
  columns: params(
    '{have} at {rating} need at least as many at {below}; you have {want}: raise {gap} more to {below} or lower {gap} from {rating}.',
  ),
  skillRange: params('A starting skill is rated Mediocre (+0) to Great (+4); {skill} is {rating}.'),
  skillCap: params('No skill may start above Great (+4); lower {skills}.'),
  piratesSpread: 'Skills are one Good (+3), two Fair (+2), two Average (+1) and one Mediocre (+0).',
  piratesSpreadThese: params(
    'Skills are one Good (+3), two Fair (+2), two Average (+1) and one Mediocre (+0); these are {ratings}.',
  ),
  aspectCap: params('The cap is {cap}: lower {aspects}.'),
  and: ' and ',
  narrativeSpread: 'Rate the aspects one Good (+3), two Fair (+2) and one Average (+1).',
  aspectBlank: params('Write the {slot} aspect.'),
  aspectBlankFree: params('Write the {slot} aspect; only the free aspects may stay blank.'),
  'high-concept': 'High Concept',
  trouble: 'Trouble',
  ship: 'Ship',
  free: 'free',
  permanentAspectBlank: params('Write the {slot} aspect: every permanent aspect needs text.'),
  permanentAspectsBlank: count({
    one: 'Write one more aspect: every permanent aspect needs text.',
    many: 'Write {count} more aspects: every permanent aspect needs text.',
  }),
  categoryAspectBlank: params('The {category} aspect needs text.'),
  tooManyStunts: params(
    '{stunts} stunts would bring refresh to {refresh}; refresh never goes below 1.',
  ),
  tooManyStuntsMax: params(
    '{stunts} stunts would bring refresh to {refresh}; refresh never goes below 1, so at most {max} stunts.',
  ),
  refreshFloor: 'Refresh may not drop below 1.',
});

/** A sheet problem in the reader's language. */
export const problemText = computed(
  [messagesProblems, ladderLabel, skillName, categoryName],
  (m, ladder, skill, category) => {
    const slots = m as unknown as Record<string, string | undefined>;
    const sentence = (ruleset: Ruleset, say: ProblemSay): string => {
      switch (say.id) {
        case 'spread-over':
        case 'spread-under': {
          const kind = say.pyramid
            ? say.noun === 'skill'
              ? 'skillPyramid'
              : 'aspectPyramid'
            : 'spread';
          const template = m[`${kind}${say.id === 'spread-over' ? 'Over' : 'Under'}`];
          return template({
            want: m[`${say.noun}s`](say.want),
            rating: ladder(say.rating),
            have: say.have,
            gap: Math.abs(say.have - say.want),
          });
        }
        case 'spread-columns':
          return m.columns({
            have: m[`${say.noun}s`](say.have),
            rating: ladder(say.rating),
            below: ladder(say.rating - 1),
            want: say.want,
            gap: Math.abs(say.have - say.want),
          });
        case 'skill-range':
          return m.skillRange({ skill: skill(ruleset, say.skill), rating: ladder(say.rating) });
        case 'skill-cap':
          return m.skillCap({ skills: say.skills.map((id) => skill(ruleset, id)).join(', ') });
        case 'pirates-spread':
          return m.piratesSpread;
        case 'pirates-spread-these':
          return m.piratesSpreadThese({ ratings: say.ratings.map(signed).join(', ') });
        case 'aspect-cap':
          return m.aspectCap({
            cap: ladder(say.cap),
            aspects: say.aspects.map((a) => `“${category(a) ?? a}”`).join(m.and),
          });
        case 'narrative-spread':
          return m.narrativeSpread;
        case 'aspect-blank': {
          const slot = slots[say.slot] ?? say.slot;
          return (say.freeMayStay ? m.aspectBlankFree : m.aspectBlank)({ slot });
        }
        case 'permanent-aspect-blank':
          return m.permanentAspectBlank({ slot: slots[say.slot] ?? say.slot });
        case 'permanent-aspects-blank':
          return m.permanentAspectsBlank(say.count);
        case 'category-aspect-blank':
          return m.categoryAspectBlank({
            category: category(say.category)?.toLowerCase() ?? say.category,
          });
        case 'too-many-stunts':
          return say.max === undefined
            ? m.tooManyStunts({ stunts: say.stunts, refresh: say.refresh })
            : m.tooManyStuntsMax({ stunts: say.stunts, refresh: say.refresh, max: say.max });
        case 'refresh-floor':
          return m.refreshFloor;
      }
    };
    return (ruleset: Ruleset, problem: Problem): string =>
      problem.says?.length
        ? problem.says.map((say) => sentence(ruleset, say)).join(' ')
        : problem.message;
  },
);
