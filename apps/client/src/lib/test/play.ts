import { seededRng } from '@fateboard/rules';
import type { RulesetId } from '@fateboard/rules';
import type { Actor, CommandOutcome } from '@fateboard/table';
import {
  applyCommand,
  createTableDocs,
  parseCommand,
  readTable,
  sampleSheet,
  type TableDocs,
  type TableView,
} from '@fateboard/table';

/**
 * A real table for the client's unit tests: the table package's reducer on real documents,
 * seeded dice and a counting clock, so views come from commands exactly as on the server.
 */
export class PlayTable {
  readonly docs: TableDocs;
  readonly rng = seededRng(5);
  now = 1_000_000;
  #ids = 0;

  constructor(ruleset: RulesetId = 'fate-core') {
    this.docs = createTableDocs({ id: 't1', name: 'Test', ruleset });
  }

  /** Applies a command as the server would; a refusal is returned, not thrown. */
  send(actor: Actor, input: { type: string } & Record<string, unknown>): CommandOutcome {
    this.#ids += 1;
    const parsed = parseCommand({ id: `c${this.#ids}`, ...input });
    if (!parsed.ok) return parsed;
    this.now += 1_000;
    return applyCommand({
      docs: this.docs,
      actor,
      command: parsed.command,
      rng: this.rng,
      now: this.now,
      newId: () => `id${++this.#ids}`,
    });
  }

  ok(actor: Actor, input: { type: string } & Record<string, unknown>): Record<string, unknown> {
    const out = this.send(actor, input);
    if (!out.ok) throw new Error(`${input.type} refused: ${out.code}: ${out.message}`);
    return (out.result ?? {}) as Record<string, unknown>;
  }

  view(): TableView {
    return readTable(this.docs.pub);
  }
}

export const GM: Actor = { role: 'gm' };

/** Ann plays Zira, Bob plays Tam, the GM runs Brute; a scene is running. */
export function sceneTable(ruleset: RulesetId = 'fate-core') {
  const t = new PlayTable(ruleset);
  const ann: Actor = {
    role: 'player',
    seatId: String(t.ok({ role: 'player' }, { type: 'join', name: 'Ann' }).seatId),
  };
  const bob: Actor = {
    role: 'player',
    seatId: String(t.ok({ role: 'player' }, { type: 'join', name: 'Bob' }).seatId),
  };
  const zira = String(
    t.ok(ann, { type: 'character.create', character: sampleSheet(ruleset, 'Zira') }).characterId,
  );
  const tam = String(
    t.ok(bob, { type: 'character.create', character: sampleSheet(ruleset, 'Tam') }).characterId,
  );
  const brute = String(
    t.ok(GM, { type: 'character.create', character: sampleSheet(ruleset, 'Brute'), npc: true })
      .characterId,
  );
  t.ok(GM, { type: 'scene.start', name: 'Docks', characterIds: [zira, tam, brute] });
  return { t, ann, bob, zira, tam, brute };
}

/** The GM rolls `by`'s Fight to attack `target`, who rolls Athletics; returns the roll's id. */
export function attack(t: PlayTable, by: string, target: string): string {
  const result = t.ok(GM, {
    type: 'roll',
    characterId: by,
    skillId: 'fight',
    action: 'attack',
    opposition: { characterId: target, skillId: 'athletics' },
  });
  return String(result.rollId);
}

/** Rolls `by`'s attack on `target` until it hits, and applies it: a hit left to absorb. */
export function landHit(t: PlayTable, by: string, target: string): string {
  for (let i = 0; i < 60; i++) {
    const rollId = attack(t, by, target);
    const roll = t.view().rolls.find((r) => r.id === rollId);
    if (roll && roll.shifts > 0) {
      t.ok(GM, { type: 'outcome.apply', rollId });
      return rollId;
    }
  }
  throw new Error('no hit in 60 rolls');
}

/** `actor` rolls `characterId`'s Fight to overcome `difficulty`; returns the roll's id. */
export function overcome(
  t: PlayTable,
  actor: Actor,
  characterId: string,
  difficulty: number,
): string {
  const result = t.ok(actor, {
    type: 'roll',
    characterId,
    skillId: 'fight',
    action: 'overcome',
    difficulty,
  });
  return String(result.rollId);
}
