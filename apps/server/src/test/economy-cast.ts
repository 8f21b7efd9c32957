import { expect } from 'vitest';
import type { RulesetId } from '@fateboard/rules';
import type { Ack, CommandOutcome, LogEntry, TableView } from '@fateboard/table';
import { economyProblems, removedPlayer, unauthorised } from '@fateboard/table/testing';
import type { ActorKey, Cast } from '@fateboard/table/testing';
import { validSheet } from './sheets';

// The fate point economy's random sequences (guarantees/economy*.test.ts), played through the
// reducer or the real server alike: the cast they start from and what every step must keep.

/** The characters of the cast, by who makes them: Ann's Zira, Bob's Tam, the GM's Brute. */
export const castCommands = (ruleset: RulesetId) => ({
  ann: { type: 'character.create', character: validSheet(ruleset, 'Zira') },
  bob: { type: 'character.create', character: validSheet(ruleset, 'Tam') },
  gm: { type: 'character.create', npc: true, character: validSheet(ruleset, 'Brute') },
});

/** The cast, once `castCommands` made Zira, Tam and the Brute. */
export const castOf = (ruleset: RulesetId, [a, b, npc]: [string, string, string]): Cast => ({
  ruleset,
  chars: [a, b, npc],
  owner: { [a]: 'ann', [b]: 'bob', [npc]: 'gm' },
});

/**
 * Checks one step `key` sent: refused if the sender had no right to it, and the economy's
 * invariants kept between the table `before` and `after` it. Answers the step's log and the
 * player whose seat it removed, if any (who then comes back).
 */
export function checkEconomyStep(
  key: ActorKey,
  input: Record<string, unknown>,
  cast: Cast,
  out: Ack | CommandOutcome,
  before: TableView,
  after: TableView,
): { log: readonly LogEntry[]; removed: ActorKey | undefined } {
  const what = `${key} ${JSON.stringify(input)}`;
  if (unauthorised(key, input, cast)) expect(out, what).toMatchObject({ ok: false });
  const log = out.ok ? ((out.result as { log?: LogEntry[] } | undefined)?.log ?? []) : [];
  expect(economyProblems(before, after, log), what).toEqual([]);
  return { log, removed: out.ok ? removedPlayer(after, cast) : undefined };
}
