import { computed } from 'nanostores';
import {
  ALL_RULESETS,
  NARRATIVE_CATEGORY_NAMES,
  ladderLabel as englishLadder,
  signed,
} from '@fateboard/rules';
import type {
  AbsorptionOption,
  Character,
  MovementReason,
  Problem,
  Outcome,
  Ruleset,
  StressTrack,
} from '@fateboard/rules';
import {
  fatePointsSaid,
  freeInvokesSaid,
  ladderParam,
  reasonWords as englishReason,
  countdownSaid,
  resultSaid,
  shiftsSaid,
} from '@fateboard/table';
import type { CountdownView } from '@fateboard/table';
import { i18n, params } from './i18n';
import { sayMessage } from './log-words';

/**
 * The game's words in the reader's language: the ladder, outcomes, counted shifts and invokes,
 * skill and game names, the fate point summary's reasons. Each is a store of a function, so a
 * component writes `$ladderLabel(3)` and re-renders when the language changes; a `.ts` module
 * reads `ladderLabel.get()(3)`. The English comes from the rules and table packages (which the
 * server keeps using); the log's own templates (log-words.ts) say the shared phrases.
 */

export const messages = i18n('lib/game-words', {
  fail: 'Fail',
  tie: 'Tie',
  success: 'Success',
  successWithStyle: 'Success with style',
  other: 'other',
});

/** Every reason, so the English base below cannot miss one. */
const REASONS: Record<MovementReason, true> = {
  refresh: true,
  'scene-pool': true,
  'scene-pool-lost': true,
  'scene-payout': true,
  'compel-accepted': true,
  'compel-refused': true,
  'self-compel': true,
  invoke: true,
  spend: true,
  concede: true,
  give: true,
  'gm-adjustment': true,
};

/** The summary's "why" words: `in_<reason>` for points gained, `out_<reason>` for spent. */
export const messagesReasons = i18n(
  'lib/game-words/reasons',
  Object.fromEntries(
    Object.keys(REASONS).flatMap((r) => [
      [`in_${r}`, englishReason(r, 1)],
      [`out_${r}`, englishReason(r, -1)],
    ]),
  ),
);

/** Skill names by id (the games share ids: Fight is `fight` wherever it is a skill). */
export const messagesSkills = i18n(
  'lib/game-words/skills',
  Object.fromEntries(ALL_RULESETS.flatMap((r) => (r.skills ?? []).map((s) => [s.id, s.name]))),
);

export const messagesRulesets = i18n(
  'lib/game-words/rulesets',
  Object.fromEntries(ALL_RULESETS.map((r) => [r.id, r.name])),
);

/** "Great (+4)", "Ótimo (+4)"; beyond the named ladder, "+9". */
export const ladderLabel = computed(sayMessage, (s) => (value: number): string => {
  const p = ladderParam(value);
  return typeof p === 'object' && !Array.isArray(p) ? s(p) : englishLadder(value);
});

/**
 * A roll side's total on the ladder ("Good (+3)") in the reader's language. The table stores the
 * rules' English label; one that is not the ladder's (a game's own) stays as it is.
 */
export const sideLabel = computed(
  ladderLabel,
  (ladder) =>
    (side: { total: number; label: string }): string =>
      side.label === '' || side.label === englishLadder(side.total)
        ? ladder(side.total)
        : side.label,
);

export const OUTCOME_LABEL = computed(messages, (m): Record<Outcome, string> => ({
  fail: m.fail,
  tie: m.tie,
  success: m.success,
  'success-with-style': m.successWithStyle,
}));

export const shiftsWords = computed(sayMessage, (s) => (n: number) => s(shiftsSaid(n)));
export const freeInvokesWords = computed(sayMessage, (s) => (n: number) => s(freeInvokesSaid(n)));
export const fatePointsWords = computed(sayMessage, (s) => (n: number) => s(fatePointsSaid(n)));
export const resultWords = computed(
  sayMessage,
  (s) => (outcome: Outcome, shifts: number) => s(resultSaid(outcome, shifts)),
);

/** "Reinforcements arrive: 3 of 4", as the log says a countdown's progress. */
export const countdownWords = computed(
  sayMessage,
  (s) => (c: Pick<CountdownView, 'name' | 'boxes' | 'filled'>) => s(countdownSaid(c)),
);

/** A summary line's reason: gained when `n` is positive; a reason this version lacks is "other". */
export const reasonWords = computed([messagesReasons, messages], (reasons, m) => {
  const table = reasons as Record<string, string | undefined>;
  return (reason: string, n: number): string =>
    table[`${n > 0 ? 'in' : 'out'}_${reason}`] ?? m.other;
});

/** The display name of a skill id in a ruleset, in the reader's language. */
export const skillName = computed(messagesSkills, (skills) => {
  const table = skills as Record<string, string | undefined>;
  return (ruleset: Ruleset | undefined, id: string): string => {
    const own = ruleset?.skills?.find((s) => s.id === id);
    return own ? (table[id] ?? own.name) : id;
  };
});

export const rulesetName = computed(messagesRulesets, (names) => {
  const table = names as Record<string, string | undefined>;
  return (id: string): string => table[id] ?? id;
});

/** A blank sheet of each game, where its default track labels and spread rule are read. */
const BLANK = ALL_RULESETS.map((r) => ({
  ruleset: r,
  sheet: r.newCharacter({ id: 'x', name: '' }),
}));

/**
 * Stress tracks by id ("Physical stress", "Stress"): the games that share an id share its label.
 * A track whose label is not its game's own (a sheet made elsewhere) keeps its label.
 */
const TRACK_LABELS: Record<string, string> = Object.fromEntries(
  BLANK.flatMap(({ sheet }) => sheet.stress.map((t) => [t.id, t.label])),
);
export const messagesTracks = i18n('lib/game-words/tracks', TRACK_LABELS);

export const trackLabel = computed(messagesTracks, (tracks) => {
  const table = tracks as Record<string, string | undefined>;
  return (track: Pick<StressTrack, 'id' | 'label'>): string =>
    TRACK_LABELS[track.id] === track.label ? (table[track.id] ?? track.label) : track.label;
});

/** Each game's spread rule in one sentence ("One Great (+4), two Good (+3)…"), by game id. */
const SPREAD_RULES: Record<string, string> = Object.fromEntries(
  BLANK.map(({ ruleset, sheet }) => [ruleset.id, ruleset.skillSpread(sheet).rule]),
);
export const messagesSpreadRules = i18n('lib/game-words/spread-rules', SPREAD_RULES);

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
  'lib/game-words/summaries',
  Object.fromEntries(ALL_RULESETS.map((r) => [r.id, r.summary])),
);

export const rulesetSummary = computed(messagesSummaries, (summaries) => {
  const table = summaries as Record<string, string | undefined>;
  return (ruleset: Pick<Ruleset, 'id' | 'summary'>): string => table[ruleset.id] ?? ruleset.summary;
});

/** narrative's aspect categories (Body, Mind, Social, Professional), by id. */
export const messagesCategories = i18n('lib/game-words/categories', {
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
export const messagesAbsorb = i18n('lib/game-words/absorb', {
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

/** narrative's side modifiers, as the rules label them ("Strategy: defensive", "Tool"). */
const MODIFIERS = {
  defensive: 'Strategy: defensive',
  aggressive: 'Strategy: aggressive',
  creativity: 'Creativity',
  tool: 'Tool',
} as const;
export const messagesModifiers = i18n('lib/game-words/modifiers', MODIFIERS);

const MODIFIER_IDS = new Map<string, keyof typeof MODIFIERS>(
  Object.entries(MODIFIERS).map(([id, label]) => [label, id as keyof typeof MODIFIERS]),
);

/** A roll modifier's label: the rules' own in the reader's language, a person's as written. */
export const modifierLabel = computed(messagesModifiers, (mods) => (label: string): string => {
  const id = MODIFIER_IDS.get(label);
  return id ? mods[id] : label;
});

/** "Strategy: defensive +1, Tool +1". */
export const modifiersWords = computed(
  modifierLabel,
  (label) => (mods: readonly { label: string; value: number }[]) =>
    mods.map((m) => `${label(m.label)} ${signed(m.value)}`).join(', '),
);

/** A sheet problem in the reader's language. */
export const problemText = computed(
  messages,
  () =>
    (_ruleset: Ruleset, problem: Problem): string =>
      problem.message,
);
