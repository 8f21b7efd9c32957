import { computed } from 'nanostores';
import { ALL_RULESETS, ladderLabel as englishLadder, signed } from '@fateboard/rules';
import type { MovementReason, Outcome, Ruleset, Severity, StressTrack } from '@fateboard/rules';
import {
  fatePointsSaid,
  freeInvokesSaid,
  ladderParam,
  reasonWords as englishReason,
  countdownSaid,
  resultSaid,
  severitySaid,
  shiftsSaid,
} from '@fateboard/table';
import type { CountdownView } from '@fateboard/table';
import { i18n, params } from './i18n';
import { sayMessage } from '../components/log/log-words';

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
/** A consequence's severity, "moderate", as the log says it. */
export const severityWords = computed(sayMessage, (s) => (sev: Severity) => s(severitySaid(sev)));
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
export const BLANK = ALL_RULESETS.map((r) => ({
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

/** A stunt's and a helper's bonus on a roll, named by the stunt or the helper. */
export const messagesModifierKinds = i18n('lib/game-words/modifier-kinds', {
  stunt: params('{name} (stunt)'),
  help: params('help from {name}'),
});

/** A roll modifier's label: the rules' own in the reader's language, a person's as written. */
export const modifierLabel = computed(messagesModifiers, (mods) => (label: string): string => {
  const id = MODIFIER_IDS.get(label);
  return id ? mods[id] : label;
});

/** "Strategy: defensive +1, Tool +1", "Brawler (stunt) +2, help from Kai +1". */
export const modifiersWords = computed(
  [modifierLabel, messagesModifierKinds],
  (label, kinds) => (mods: readonly { label: string; value: number; kind?: 'stunt' | 'help' }[]) =>
    mods
      .map((m) => {
        const name =
          m.kind === 'stunt'
            ? kinds.stunt({ name: m.label })
            : m.kind === 'help'
              ? kinds.help({ name: m.label })
              : label(m.label);
        return `${name} ${signed(m.value)}`;
      })
      .join(', '),
);
