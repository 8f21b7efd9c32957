import * as Y from 'yjs';
import { seededRng } from '@fateboard/rules';
import {
  applyCommand,
  compactTableDocs,
  createTableDocs,
  parseCommand,
  readTable,
} from '@fateboard/table';
import type { Actor, TableDocs } from '@fateboard/table';
import { sampleSheet } from '@fateboard/table';

/** How many of each command a long campaign plays. */
export interface CampaignSize {
  fatePointMoves: number;
  aspectEdits: number;
  rolls: number;
}

export const LONG_CAMPAIGN: CampaignSize = {
  fatePointMoves: 10_000,
  aspectEdits: 2_000,
  rolls: 3_000,
};

export interface CampaignResult {
  docs: TableDocs;
  commands: number;
  /** Encoded public state after every `every` commands: how the state grows with history. */
  growth: { commands: number; pubBytes: number }[];
  pubBytes: number;
  gmBytes: number;
  /** The same content in a fresh document (no history): what a compaction could reach. */
  contentOnlyBytes: number;
  viewJsonBytes: number;
  millisPerCommand: number;
  aspectIds: string[];
  characterIds: string[];
  /** Every log entry the campaign wrote, oldest first: the log a table file of it holds. */
  log: unknown[];
}

/**
 * Plays a long campaign through the real reducer (parse + applyCommand, as the server does
 * it, minus sockets and storage): two players pass fate points back and forth, the GM
 * rewrites five situation aspects, the first player rolls. Interleaved evenly.
 */
export function playCampaign(size: CampaignSize, every = 1000): CampaignResult {
  const docs = createTableDocs({ id: 'long', name: 'A long campaign', ruleset: 'fate-core' });
  const rng = seededRng(42);
  let ids = 0;
  let now = 1_700_000_000_000;
  let n = 0;
  const log: unknown[] = [];
  const run = (actor: Actor, input: Record<string, unknown>) => {
    n++;
    const parsed = parseCommand({ id: `c${n}`, ...input });
    if (!parsed.ok) throw new Error(`${String(input.type)}: ${parsed.message}`);
    now += 5_000;
    const out = applyCommand({
      docs,
      actor,
      command: parsed.command,
      rng,
      now,
      newId: () => `id${++ids}`,
    });
    if (!out.ok) throw new Error(`${String(input.type)} refused: ${out.code} ${out.message}`);
    log.push(...(out.result?.log ?? []));
    return out.result ?? {};
  };
  const gm: Actor = { role: 'gm' };
  const seatA = String(run({ role: 'player' }, { type: 'join', name: 'Ann' }).seatId);
  const seatB = String(run({ role: 'player' }, { type: 'join', name: 'Bob' }).seatId);
  const ann: Actor = { role: 'player', seatId: seatA };
  const bob: Actor = { role: 'player', seatId: seatB };
  const a = String(
    run(ann, { type: 'character.create', character: sampleSheet('fate-core', 'Zira') }).characterId,
  );
  const b = String(
    run(bob, { type: 'character.create', character: sampleSheet('fate-core', 'Tam') }).characterId,
  );
  run(gm, { type: 'scene.start', name: 'The long road', characterIds: [a, b] });
  const aspectIds = [0, 1, 2, 3, 4].map((i) =>
    String(run(gm, { type: 'aspect.add', kind: 'situation', text: `Aspect ${i}` }).aspectId),
  );

  const total = size.fatePointMoves + size.aspectEdits + size.rolls;
  const growth: CampaignResult['growth'] = [];
  const counts = { moves: 0, edits: 0, rolls: 0 };
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    // Whichever kind is furthest behind its share goes next: an even interleaving.
    const share = (done: number, of: number) => (of === 0 ? Infinity : done / of);
    const m = share(counts.moves, size.fatePointMoves);
    const e = share(counts.edits, size.aspectEdits);
    const r = share(counts.rolls, size.rolls);
    if (m <= e && m <= r) {
      const forward = counts.moves % 2 === 0;
      run(forward ? ann : bob, {
        type: 'fate-point.give',
        fromCharacterId: forward ? a : b,
        toCharacterId: forward ? b : a,
      });
      counts.moves++;
    } else if (e <= r) {
      const k = counts.edits;
      run(gm, {
        type: 'aspect.edit',
        ref: { aspectId: aspectIds[k % aspectIds.length] },
        text: `Aspect ${k % aspectIds.length}, take ${k}`,
      });
      counts.edits++;
    } else {
      run(ann, {
        type: 'roll',
        characterId: a,
        skillId: 'fight',
        action: 'overcome',
        difficulty: 2,
      });
      counts.rolls++;
    }
    if ((i + 1) % every === 0 || i + 1 === total) {
      growth.push({ commands: i + 1, pubBytes: Y.encodeStateAsUpdate(docs.pub).length });
    }
  }
  const millisPerCommand = (performance.now() - started) / total;
  return {
    docs,
    commands: total,
    growth,
    pubBytes: Y.encodeStateAsUpdate(docs.pub).length,
    gmBytes: Y.encodeStateAsUpdate(docs.gm).length,
    // The same rebuild the server does when a history outgrows its content.
    contentOnlyBytes: Y.encodeStateAsUpdate(compactTableDocs(docs).pub).length,
    viewJsonBytes: JSON.stringify(readTable(docs.pub)).length,
    millisPerCommand,
    aspectIds,
    characterIds: [a, b],
    log,
  };
}
