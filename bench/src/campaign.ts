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

/** Who sends a step of the campaign: the GM, a newcomer on the player link, or a seated player. */
export type CampaignActor = { as: 'gm' } | { as: 'newcomer' } | { as: 'seat'; seatId: string };

/** One command of the campaign; `main` marks the interleaved body (after the setting up). */
export interface CampaignStep {
  actor: CampaignActor;
  input: Record<string, unknown>;
  main?: true;
}

/** What the setting up made: the situation aspects the GM rewrites and the two characters. */
export interface CampaignCast {
  aspectIds: string[];
  characterIds: string[];
  seatIds: string[];
}

/**
 * The long campaign as a script of commands, each answered with its result (`next(result)`):
 * two players join and make characters, the GM starts a scene with five situation aspects,
 * then the two pass fate points back and forth, the GM rewrites the aspects and the first
 * player rolls, interleaved evenly. The same script runs through the reducer (playCampaign)
 * and through a real server (phone-case.ts).
 */
export function* campaignScript(
  size: CampaignSize,
): Generator<CampaignStep, CampaignCast, Record<string, unknown>> {
  const gm: CampaignActor = { as: 'gm' };
  const seatA = String(
    (yield { actor: { as: 'newcomer' }, input: { type: 'join', name: 'Ann' } }).seatId,
  );
  const seatB = String(
    (yield { actor: { as: 'newcomer' }, input: { type: 'join', name: 'Bob' } }).seatId,
  );
  const ann: CampaignActor = { as: 'seat', seatId: seatA };
  const bob: CampaignActor = { as: 'seat', seatId: seatB };
  const a = String(
    (yield {
      actor: ann,
      input: { type: 'character.create', character: sampleSheet('fate-core', 'Zira') },
    }).characterId,
  );
  const b = String(
    (yield {
      actor: bob,
      input: { type: 'character.create', character: sampleSheet('fate-core', 'Tam') },
    }).characterId,
  );
  yield { actor: gm, input: { type: 'scene.start', name: 'The long road', characterIds: [a, b] } };
  const aspectIds: string[] = [];
  for (let i = 0; i < 5; i++) {
    const added = yield {
      actor: gm,
      input: { type: 'aspect.add', kind: 'situation', text: `Aspect ${i}` },
    };
    aspectIds.push(String(added.aspectId));
  }

  const total = size.fatePointMoves + size.aspectEdits + size.rolls;
  const counts = { moves: 0, edits: 0, rolls: 0 };
  for (let i = 0; i < total; i++) {
    // Whichever kind is furthest behind its share goes next: an even interleaving.
    const share = (done: number, of: number) => (of === 0 ? Infinity : done / of);
    const m = share(counts.moves, size.fatePointMoves);
    const e = share(counts.edits, size.aspectEdits);
    const r = share(counts.rolls, size.rolls);
    if (m <= e && m <= r) {
      const forward = counts.moves % 2 === 0;
      yield {
        actor: forward ? ann : bob,
        input: {
          type: 'fate-point.give',
          fromCharacterId: forward ? a : b,
          toCharacterId: forward ? b : a,
        },
        main: true,
      };
      counts.moves++;
    } else if (e <= r) {
      const k = counts.edits;
      yield {
        actor: gm,
        input: {
          type: 'aspect.edit',
          ref: { aspectId: aspectIds[k % aspectIds.length] },
          text: `Aspect ${k % aspectIds.length}, take ${k}`,
        },
        main: true,
      };
      counts.edits++;
    } else {
      yield {
        actor: ann,
        input: {
          type: 'roll',
          characterId: a,
          skillId: 'fight',
          action: 'overcome',
          difficulty: 2,
        },
        main: true,
      };
      counts.rolls++;
    }
  }
  return { aspectIds, characterIds: [a, b], seatIds: [seatA, seatB] };
}

/**
 * Plays the long campaign (campaignScript) through the real reducer (parse + applyCommand, as
 * the server does it, minus sockets and storage).
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
    return (out.result ?? {}) as Record<string, unknown>;
  };
  const actorOf = (a: CampaignActor): Actor =>
    a.as === 'gm'
      ? { role: 'gm' }
      : a.as === 'seat'
        ? { role: 'player', seatId: a.seatId }
        : { role: 'player' };

  const total = size.fatePointMoves + size.aspectEdits + size.rolls;
  const growth: CampaignResult['growth'] = [];
  const script = campaignScript(size);
  let started = performance.now();
  let done = 0;
  let step = script.next();
  while (!step.done) {
    const { actor, input, main } = step.value;
    if (main && done === 0) started = performance.now();
    const result = run(actorOf(actor), input);
    if (main) {
      done++;
      if (done % every === 0 || done === total) {
        growth.push({ commands: done, pubBytes: Y.encodeStateAsUpdate(docs.pub).length });
      }
    }
    step = script.next(result);
  }
  const { aspectIds, characterIds } = step.value;
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
    characterIds,
    log,
  };
}
