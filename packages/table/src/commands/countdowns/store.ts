import { english, line, say } from '../../log/say';
import type { LogMessage } from '../../log/say';
import { exhaustive } from '@fateboard/rules';
import type { OrRefusal, Plan } from '../context';
import { refuse } from '../context';
import type { TableDocs } from '../../doc/schema';
import { gmRoots, pubRoots } from '../../doc/schema';
import type { CountdownView } from '../../doc/view-types';
import { readCountdown } from '../../doc/countdowns';
import type { YMap } from '../../doc/ymap';
import { peek } from '../../doc/ymap';

/** Where countdowns live, and the log lines they write. */

/** Public countdowns are in the public document; hidden ones only in the GM document. */
export type Where = 'pub' | 'gm';

/** Most countdowns per document: a screen shows them all, and the document stays small. */
export const COUNTDOWN_LIMIT = 20;

export interface FoundCountdown {
  where: Where;
  map: YMap;
  view: CountdownView;
}

/** The countdown `id`, public or hidden. */
export function findCountdown(docs: TableDocs, id: string): OrRefusal<FoundCountdown> {
  const pub = peek(pubRoots(docs.pub).countdowns, id);
  if (pub) return { where: 'pub', map: pub, view: readCountdown(pub) };
  const gm = peek(gmRoots(docs.gm).countdowns, id);
  if (gm) return { where: 'gm', map: gm, view: readCountdown(gm) };
  return refuse('not-found', `No countdown "${id}".`, { id: 'no-countdown' });
}

/** The `countdowns` root of the document a countdown lives in. */
export function countdownsRoot(docs: TableDocs, where: Where) {
  switch (where) {
    case 'pub':
      return pubRoots(docs.pub).countdowns;
    case 'gm':
      return gmRoots(docs.gm).countdowns;
    default:
      return exhaustive(where);
  }
}

/**
 * A plan writing `write` to the countdown's document, with `log` only for a public one: the
 * log is in the public document, so a hidden countdown never writes a line (not even "a
 * hidden countdown filled", which would tell the players one exists).
 */
export function planOn(where: Where, write: () => void, log: LogMessage[]): Plan {
  switch (where) {
    case 'pub':
      return { pub: write, log: log.map(line) };
    case 'gm':
      return { gm: write };
    default:
      return exhaustive(where);
  }
}

/** "Reinforcements arrive: 3 of 4" — the words screens and the log use for its boxes. */
export function progressWords(c: Pick<CountdownView, 'name' | 'boxes' | 'filled'>): string {
  return english(progressSaid(c));
}

export function progressSaid(c: Pick<CountdownView, 'name' | 'boxes' | 'filled'>): LogMessage {
  return say('countdownProgress', { name: c.name, filled: c.filled, boxes: c.boxes });
}

/** The log line of a countdown that just filled: its trigger happens. */
export function filledLine(c: Pick<CountdownView, 'name' | 'trigger'>): LogMessage {
  return say('countdownFilled', { name: c.name, trigger: c.trigger });
}

/** The log line of a public countdown's progress: "Countdown Reinforcements: 3 of 4." */
export function tickedLine(c: Pick<CountdownView, 'name' | 'boxes' | 'filled'>): LogMessage {
  return say('countdownTicked', { name: c.name, filled: c.filled, boxes: c.boxes });
}

export const isFull = (c: Pick<CountdownView, 'boxes' | 'filled'>) => c.filled >= c.boxes;
