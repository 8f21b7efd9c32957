// The scene board's fan-out: a token's move and a zone's aspect pushed to every screen,
// measured in the same rounds, on the same table and receivers, as today's push of a scene
// aspect (the fan-out case's machinery: one table with a GM and six players, open-loop rounds
// timed send → the last receiver's update frame).
import type { Ack, Receiver } from './clients';
import { docUrl } from './clients';
import { addReceivers, setupFanoutTable } from './fanout';
import type { FanoutTable } from './fanout';
import { bytesOfOne } from './fanout-case';
import type { WireBytes } from './fanout-case';
import type { Child } from './ipc';
import type { CommandKind, RoundPlan, RoundResult } from './open-loop';
import { openLoop, summarize } from './open-loop';
import type { Repeated } from './stats';
import { repeated, round, sleep } from './stats';
import { TABLE_RECEIVERS } from './under-test';

/** What is measured: a scene aspect pushed (today's), a zone's aspect pushed, a token moved. */
export type BoardKind = 'scene push' | 'zone push' | 'move';
const BOARD_KINDS: BoardKind[] = ['scene push', 'zone push', 'move'];

export interface BoardFigures {
  spectators: number;
  receivers: number;
  /** Send → the last receiver, per kind: the median over rounds of each round's p50 and p99. */
  latency: Record<BoardKind, { p50: Repeated; p99: Repeated }>;
  /** Send → durable acknowledgement, per kind. */
  ack: Record<BoardKind, { p50: Repeated; p99: Repeated }>;
}

export interface BoardResults {
  bytes: WireBytes;
  cases: BoardFigures[];
}

interface BoardTable extends FanoutTable {
  zoneIds: [string, string];
  zoneAspectId: string;
  /** Where the moving token stands now. */
  at: 0 | 1;
}

/** The fan-out table with a scene, two zones that touch, a zone aspect and a token placed. */
async function setupBoard(base: string): Promise<BoardTable> {
  const t = await setupFanoutTable(base);
  await t.gm.ok({ type: 'scene.start', name: 'The chase', characterIds: t.characterIds });
  const zone = async (name: string, x: number) =>
    String((await t.gm.ok({ type: 'zone.add', name, x, y: 0, w: 6, h: 6 })).result?.zoneId);
  const zoneIds: [string, string] = [await zone('Rooftops', 0), await zone('Street', 6)];
  await t.gm.ok({ type: 'border.add', a: zoneIds[0], b: zoneIds[1] });
  const placed = await t.gm.ok({
    type: 'aspect.add',
    kind: 'situation',
    text: 'Slick Tiles',
    freeInvokes: 1,
    place: zoneIds[0],
  });
  for (const characterId of t.characterIds)
    await t.gm.ok({ type: 'board.move', characterId, zoneId: zoneIds[0] });
  return { ...t, zoneIds, zoneAspectId: String(placed.result?.aspectId), at: 0 };
}

/**
 * Command k of a round. `today`: the GM pushes one scene aspect, then the other (the fan-out
 * case's push). `board`: the first player moves their token to the other zone (one zone
 * across a border with no aspect, outside a conflict: free), then the GM pushes the zone's
 * aspect. Pushes alternate aspects so that each one changes the document.
 */
function boardCommand(
  t: BoardTable,
  which: 'today' | 'board',
  k: number,
): { kind: BoardKind; command: Record<string, unknown>; from: FanoutTable['gm'] } {
  if (which === 'today') {
    return {
      kind: 'scene push',
      from: t.gm,
      command: { type: 'spotlight.push', ref: { aspectId: t.aspectIds[k % 2] } },
    };
  }
  if (k % 2 === 0) {
    t.at = t.at === 0 ? 1 : 0;
    return {
      kind: 'move',
      from: t.players[0]!,
      command: { type: 'board.move', characterId: t.characterIds[0], zoneId: t.zoneIds[t.at] },
    };
  }
  // The same aspect again: each push writes the spotlight anew (its time), as a GM's would.
  return {
    kind: 'zone push',
    from: t.gm,
    command: { type: 'spotlight.push', ref: { aspectId: t.zoneAspectId } },
  };
}

const OPEN_LOOP_KIND: Record<BoardKind, CommandKind> = {
  'scene push': 'push',
  'zone push': 'push',
  move: 'move',
};

interface BoardRound {
  latency: Record<BoardKind, number[]>;
  ack: Record<BoardKind, number[]>;
}

async function boardRound(
  t: BoardTable,
  which: 'today' | 'board',
  receivers: Receiver[],
  proc: Child,
  plan: RoundPlan,
): Promise<BoardRound> {
  const kinds: BoardKind[] = [];
  const acks: number[] = [];
  const r: RoundResult = await openLoop(plan, receivers, proc, (k, acked) => {
    const { kind, from, command } = boardCommand(t, which, k);
    kinds[k] = kind;
    const sent = performance.now();
    from.emit(command, (ack: Ack) => {
      acks[k] = performance.now() - sent;
      acked(ack.ok, `${kind}: ${ack.code ?? ''} ${ack.message ?? ''}`);
    });
    return OPEN_LOOP_KIND[kind];
  });
  if (!r.complete) throw new Error(`board round (${which}): ${r.missing} updates never arrived`);
  const empty = () => Object.fromEntries(BOARD_KINDS.map((k) => [k, [] as number[]]));
  const out = { latency: empty(), ack: empty() } as BoardRound;
  r.latencies.forEach((ms, i) => {
    const k = plan.warm + i;
    out.latency[kinds[k]!].push(ms);
    out.ack[kinds[k]!].push(acks[k]!);
  });
  return out;
}

const figuresOf = (rounds: BoardRound[], field: 'latency' | 'ack') =>
  Object.fromEntries(
    BOARD_KINDS.map((kind) => {
      const with_ = rounds.filter((r) => r[field][kind].length > 0);
      return [
        kind,
        {
          p50: repeated(with_.map((r) => summarize(r[field][kind]).p50)),
          p99: repeated(with_.map((r) => summarize(r[field][kind]).p99)),
        },
      ];
    }),
  ) as BoardFigures['latency'];

/**
 * Per size, `reps` pairs of rounds on one table: today's scene-aspect pushes, then the
 * board's moves and zone-aspect pushes, each round with every receiver (the GM probe, six
 * players, the spectators).
 */
export async function runBoard(
  base: string,
  proc: Child,
  sizes: number[],
  plan: RoundPlan,
  reps: number,
  say: (line: string) => void,
): Promise<BoardResults> {
  const t = await setupBoard(base);
  const receivers = [...t.receivers];
  try {
    const bytes: WireBytes = {};
    bytes['scene aspect push'] = await bytesOfOne(t.probe, 'scene push', () =>
      t.gm.ok(boardCommand(t, 'today', 0).command),
    );
    bytes['token move'] = await bytesOfOne(t.probe, 'move', () =>
      t.players[0]!.ok(boardCommand(t, 'board', 0).command),
    );
    bytes['zone aspect push'] = await bytesOfOne(t.probe, 'zone push', () =>
      t.gm.ok(boardCommand(t, 'board', 1).command),
    );
    bytes['zone aspect added'] = await bytesOfOne(t.probe, 'zone aspect', () =>
      t.gm.ok({
        type: 'aspect.add',
        kind: 'situation',
        text: 'Knee-Deep Water',
        place: t.zoneIds[1],
      }),
    );
    for (const [what, b] of Object.entries(bytes))
      say(`  bytes per receiver, ${what}: ${b.onWire} B (Yjs update ${b.update} B)`);

    // Warm both paths once.
    const warm = { warm: 0, measured: 6, rateHz: 50 };
    await boardRound(t, 'today', receivers, proc, warm);
    await boardRound(t, 'board', receivers, proc, warm);

    const cases: BoardFigures[] = [];
    for (const size of sizes) {
      const more = size - (receivers.length - TABLE_RECEIVERS);
      if (more > 0)
        await addReceivers(receivers, more, () =>
          docUrl(base, t.table.id, t.table.tokens.spectator),
        );
      const rounds: BoardRound[] = [];
      for (let rep = 0; rep < reps; rep++) {
        for (const which of ['today', 'board'] as const) {
          const r = await boardRound(t, which, receivers, proc, plan);
          rounds.push(r);
          await sleep(200);
        }
        const last = rounds.slice(-2);
        const line = BOARD_KINDS.map((kind) => {
          const s = summarize(last.flatMap((r) => r.latency[kind]));
          return `${kind} ${round(s.p50)} / ${round(s.p99)} ms`;
        }).join(', ');
        say(`  ${size} spectators, round ${rep + 1}: p50 / p99 ${line}`);
      }
      const figures: BoardFigures = {
        spectators: size,
        receivers: receivers.length,
        latency: figuresOf(rounds, 'latency'),
        ack: figuresOf(rounds, 'ack'),
      };
      cases.push(figures);
      const show = BOARD_KINDS.map(
        (kind) =>
          `${kind} ${round(figures.latency[kind].p50.median)} / ${round(figures.latency[kind].p99.median)} ms`,
      ).join('; ');
      say(`  ${size} spectators (+${TABLE_RECEIVERS}), medians of p50 / p99: ${show}`);
    }
    return { bytes, cases };
  } finally {
    await Promise.all(receivers.map((r) => r.close()));
    t.gm.close();
    for (const p of t.players) p.close();
  }
}
