import * as Y from 'yjs';
import { seededRng } from '@fateboard/rules';
import type { RulesetId } from '@fateboard/rules';
import type { Actor, CommandOutcome } from '../context';
import { applyCommand } from '../reducer';
import { parseCommand } from '../commands';
import { createTableDocs, type TableDocs } from '../schema';

/** A table under test: seeded dice, a fake clock and counting ids. */
export class TestTable {
  readonly docs: TableDocs;
  readonly rng: () => number;
  now = 1_000;
  private ids = 0;
  private cmds = 0;

  constructor(ruleset: RulesetId = 'fate-core', seed = 1) {
    this.docs = createTableDocs({ id: 't1', name: 'Test table', ruleset });
    this.rng = seededRng(seed);
  }

  /** Sends a raw command (parsed like the server does); the id is filled in. */
  send(actor: Actor, input: Record<string, unknown>): CommandOutcome {
    this.cmds += 1;
    const parsed = parseCommand({ id: `c${this.cmds}`, ...input });
    if (!parsed.ok) return parsed;
    this.now += 1_000;
    return applyCommand({
      docs: this.docs,
      actor,
      command: parsed.command,
      rng: this.rng,
      now: this.now,
      newId: () => `id${++this.ids}`,
    });
  }

  /** Sends and expects success; returns the result. */
  ok(actor: Actor, input: Record<string, unknown>) {
    const out = this.send(actor, input);
    if (!out.ok) throw new Error(`${String(input.type)} refused: ${out.code}: ${out.message}`);
    return out.result ?? {};
  }

  /** Both documents' full state, to check that a refusal changed nothing. */
  state(): [Uint8Array, Uint8Array] {
    return [Y.encodeStateAsUpdate(this.docs.pub), Y.encodeStateAsUpdate(this.docs.gm)];
  }
}

export const GM: Actor = { role: 'gm' };
export const SPECTATOR: Actor = { role: 'spectator' };
export const player = (seatId?: string): Actor =>
  seatId === undefined ? { role: 'player' } : { role: 'player', seatId };

/** A valid player sheet for each ruleset, with stable aspect ids. */
export function validSheet(ruleset: RulesetId, name: string): Record<string, unknown> {
  switch (ruleset) {
    case 'fate-core':
      return {
        name,
        aspects: [
          { id: 'hc', slot: 'high-concept', text: `${name} the Bold` },
          { id: 'tr', slot: 'trouble', text: 'Owes Everyone Money' },
          { id: 'a3', slot: 'other', text: 'Sharp Eyes' },
          { id: 'a4', slot: 'other', text: 'Old Friends' },
          { id: 'a5', slot: 'other', text: 'Quick Hands' },
        ],
        skills: [
          { id: 'fight', rating: 4 },
          { id: 'athletics', rating: 3 },
          { id: 'physique', rating: 3 },
          { id: 'will', rating: 2 },
          { id: 'notice', rating: 2 },
          { id: 'shoot', rating: 2 },
          { id: 'lore', rating: 1 },
          { id: 'stealth', rating: 1 },
          { id: 'rapport', rating: 1 },
          { id: 'empathy', rating: 1 },
        ],
      };
    case 'pirates':
      return {
        name,
        aspects: [
          { id: 'hc', slot: 'high-concept', text: `${name} the Bold` },
          { id: 'tr', slot: 'trouble', text: 'Owes Everyone Money' },
          { id: 'ship', slot: 'ship', text: 'The Leaky Dawn' },
          { id: 'f1', slot: 'free', text: 'Sharp Eyes' },
          { id: 'f2', slot: 'free', text: '' },
        ],
        skills: [
          { id: 'swashbuckle', rating: 3 },
          { id: 'explore', rating: 2 },
          { id: 'parley', rating: 2 },
          { id: 'savvy', rating: 1 },
          { id: 'sneak', rating: 1 },
          { id: 'jury-rig', rating: 0 },
        ],
      };
    case 'edgerunner':
      return {
        name,
        aspects: [
          { id: 'hc', slot: 'high-concept', text: `${name} the Bold`, permanent: true },
          { id: 'tr', slot: 'trouble', text: 'Owes Everyone Money', permanent: true },
          { id: 'a3', slot: 'other', text: 'Sharp Eyes', permanent: true },
          { id: 'a4', slot: 'other', text: 'Old Friends', permanent: true },
          { id: 'a5', slot: 'other', text: 'Quick Hands', permanent: true },
        ],
        skills: [
          { id: 'fight', rating: 4 },
          { id: 'athletics', rating: 3 },
          { id: 'physique', rating: 3 },
          { id: 'will', rating: 2 },
          { id: 'notice', rating: 2 },
          { id: 'shoot', rating: 2 },
          { id: 'lore', rating: 1 },
          { id: 'stealth', rating: 1 },
          { id: 'rapport', rating: 1 },
          { id: 'empathy', rating: 1 },
        ],
      };
    case 'narrative':
      return {
        name,
        aspects: [
          { id: 'body', slot: 'other', text: 'Strong as an Ox', rating: 3 },
          { id: 'mind', slot: 'other', text: 'Reads the Stars', rating: 2 },
          { id: 'social', slot: 'other', text: 'Everyone’s Cousin', rating: 2 },
          { id: 'professional', slot: 'other', text: 'Ship’s Surgeon', rating: 1 },
        ],
      };
  }
}

/** The skill (or rated aspect, in narrative) a test character attacks with. */
export function attackWith(ruleset: RulesetId): { skillId?: string; aspectId?: string } {
  switch (ruleset) {
    case 'pirates':
      return { skillId: 'swashbuckle' };
    case 'narrative':
      return { aspectId: 'body' };
    case 'fate-core':
    case 'edgerunner':
      return { skillId: 'fight' };
  }
}
