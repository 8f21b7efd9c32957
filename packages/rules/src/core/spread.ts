import { ladderLabel } from './ladder';
import type { Problem, ProblemSay } from './types';

/**
 * How a game wants starting ratings spread, rung by rung, so an editor can show the rule live
 * and a problem can say what to change. `exactly`: a fixed count on the rung (Fate Core's
 * pyramid, the pirates' and narrative's fixed spreads); `at-most`: no more than the rung below
 * holds (the column rule); `any`: the bottom rung of columns, which nothing limits.
 */
export interface SpreadRung {
  rating: number;
  have: number;
  want: number;
  bound: 'exactly' | 'at-most' | 'any';
  ok: boolean;
}

export interface SkillSpread {
  /** `pyramid` and `fixed` count each rung exactly; `columns` compares each rung with the one below. */
  kind: 'pyramid' | 'columns' | 'fixed';
  /** The rule in one sentence, for the editor. */
  rule: string;
  /** No starting rating above this. */
  cap: number;
  /** What is rated: skills, or (narrative) aspects. */
  noun: 'skill' | 'aspect';
  /** Highest rung first. */
  rungs: SpreadRung[];
}

const countAt = (ratings: readonly number[], r: number): number =>
  ratings.filter((x) => x === r).length;

/** A spread with a fixed count on each rung, from the wanted ratings (e.g. 3, 2, 2, 1). */
export function exactSpread(
  kind: 'pyramid' | 'fixed',
  rule: string,
  noun: SkillSpread['noun'],
  wanted: readonly number[],
  ratings: readonly number[],
): SkillSpread {
  const rungs = [...new Set(wanted)]
    .filter((r) => r > 0)
    .sort((a, b) => b - a)
    .map((rating) => {
      const have = countAt(ratings, rating);
      const want = countAt(wanted, rating);
      return { rating, have, want, bound: 'exactly' as const, ok: have === want };
    });
  return { kind, rule, cap: Math.max(...wanted), noun, rungs };
}

/** The column rule: each rung from the cap down to Fair holds no more than the rung below. */
export function columnSpread(rule: string, cap: number, ratings: readonly number[]): SkillSpread {
  const rungs: SpreadRung[] = [];
  for (let rating = cap; rating >= 1; rating--) {
    const have = countAt(ratings, rating);
    if (rating === 1) {
      rungs.push({ rating, have, want: have, bound: 'any', ok: true });
      continue;
    }
    const want = countAt(ratings, rating - 1);
    rungs.push({ rating, have, want, bound: 'at-most', ok: have <= want });
  }
  return { kind: 'columns', rule, cap, noun: 'skill', rungs };
}

const plural = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * One problem per rung that breaks the spread, each naming what the player can change:
 * "The skill pyramid has 1 skill at Great (+4); you have 2: lower 1 of them."
 */
export function spreadProblems(spread: SkillSpread, code: string, rule: string): Problem[] {
  const what = spread.kind === 'pyramid' ? `The ${spread.noun} pyramid` : 'The spread';
  return spread.rungs
    .filter((r) => !r.ok)
    .map((r) => {
      const at = ladderLabel(r.rating);
      const gap = Math.abs(r.have - r.want);
      let message: string;
      let say: ProblemSay;
      if (r.bound === 'at-most') {
        say = {
          id: 'spread-columns',
          noun: spread.noun,
          rating: r.rating,
          have: r.have,
          want: r.want,
        };
        const below = ladderLabel(r.rating - 1);
        message = `${plural(r.have, spread.noun)} at ${at} need at least as many at ${below}; you have ${r.want}: raise ${gap} more to ${below} or lower ${gap} from ${at}.`;
      } else if (r.have > r.want) {
        say = spreadSay('spread-over', spread, r);
        message = `${what} has ${plural(r.want, spread.noun)} at ${at}; you have ${r.have}: lower ${gap} of them.`;
      } else {
        say = spreadSay('spread-under', spread, r);
        message = `${what} has ${plural(r.want, spread.noun)} at ${at}; you have ${r.have}: raise ${gap} more to ${at}.`;
      }
      return { code, message, path: `${spread.noun}s`, rule, says: [say] };
    });
}

function spreadSay(
  id: 'spread-over' | 'spread-under',
  spread: SkillSpread,
  r: SpreadRung,
): ProblemSay {
  const { rating, want, have } = r;
  return { id, pyramid: spread.kind === 'pyramid', noun: spread.noun, rating, want, have };
}
