import * as Y from 'yjs';
import { seededRng } from '@fateboard/rules';
import type { RulesetId } from '@fateboard/rules';
import { applyCommand, createTableDocs, parseCommand } from '@fateboard/table';
import type { Actor, CommandOutcome, TableDocs } from '@fateboard/table';

// A table driven straight through the reducer, with seeded dice, numbered ids and a clock
// that moves a second a command (economy.test.ts's property runs).

/** A table driven straight through the reducer. */
export class ReducerTable {
  readonly docs: TableDocs;
  private ids = 0;
  private n = 0;
  now = 1000;
  readonly rng: () => number;
  constructor(ruleset: RulesetId, seed: number) {
    this.docs = createTableDocs({ id: 't', name: 'Property', ruleset });
    this.rng = seededRng(seed);
  }
  send(actor: Actor, input: Record<string, unknown>): CommandOutcome {
    const parsed = parseCommand({ id: `c${++this.n}`, ...input });
    if (!parsed.ok) return parsed;
    this.now += 1000;
    return applyCommand({
      docs: this.docs,
      actor,
      command: parsed.command,
      rng: this.rng,
      now: this.now,
      newId: () => `id${++this.ids}`,
    });
  }
  ok(actor: Actor, input: Record<string, unknown>): Record<string, unknown> {
    const out = this.send(actor, input);
    if (!out.ok) throw new Error(`${String(input.type)}: ${out.code} ${out.message}`);
    return (out.result ?? {}) as Record<string, unknown>;
  }
  bytes(): string {
    return Buffer.concat([
      Y.encodeStateAsUpdate(this.docs.pub),
      Y.encodeStateAsUpdate(this.docs.gm),
    ]).toString('hex');
  }
}
