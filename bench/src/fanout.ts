import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import type { Child } from './ipc';
import { cpuMicros } from './ipc';
import type { Ack, CreatedTable } from './clients';
import { ArrivalLog, Participant, Receiver, createTable, docUrl, inBatches } from './clients';
import { sampleSheet } from '@fateboard/table';
import { percentile, sleep } from './stats';

/** One table with a GM and six players, each with a socket.io connection and a replica. */
export interface FanoutTable {
  table: CreatedTable;
  gm: Participant;
  players: Participant[];
  characterIds: string[];
  aspectIds: string[];
  /** GM's and players' replicas; the GM's keeps its frames (the probe). */
  receivers: Receiver[];
  probe: Receiver;
  /** Commands sent so far: command n's kind and sender follow from n across rounds. */
  next: number;
}

export async function setupFanoutTable(base: string): Promise<FanoutTable> {
  const table = await createTable(base, 'Fan-out');
  const gm = await Participant.connect(base, table.tokens.gm, 'gm');
  const probe = new Receiver(docUrl(base, table.id, table.tokens.gm), { keepFrames: true });
  await probe.connect();
  const players: Participant[] = [];
  const characterIds: string[] = [];
  const receivers = [probe];
  for (let i = 0; i < 6; i++) {
    const p = await Participant.connect(base, table.tokens.player, `p${i}`);
    await p.ok({ type: 'join', name: `Player ${i}` });
    const ack = await p.ok({
      type: 'character.create',
      character: sampleSheet('fate-core', `Hero ${i}`),
    });
    characterIds.push(String(ack.result?.characterId));
    players.push(p);
    const r = new Receiver(docUrl(base, table.id, table.tokens.player));
    await r.connect();
    receivers.push(r);
  }
  const aspectIds: string[] = [];
  for (const text of ['On Fire', 'Collapsing Roof']) {
    const ack = await gm.ok({ type: 'aspect.add', kind: 'situation', text, freeInvokes: 1 });
    aspectIds.push(String(ack.result?.aspectId));
  }
  return { table, gm, players, characterIds, aspectIds, receivers, probe, next: 0 };
}

export type CommandKind = 'push' | 'give';

/**
 * Command k: the GM pushes an aspect, then moves a fate point between two characters, back
 * and forth. One sender on one connection keeps them in order: from two connections, a
 * lagging server could read several of one player's transfers in a row and run one dry.
 */
export function fanoutCommand(
  t: FanoutTable,
  k: number,
): { kind: CommandKind; from: Participant; command: Record<string, unknown> } {
  if (k % 2 === 0) {
    return {
      kind: 'push',
      from: t.gm,
      command: { type: 'spotlight.push', ref: { aspectId: t.aspectIds[(k / 2) % 2] } },
    };
  }
  const forward = ((k - 1) / 2) % 2 === 0;
  return {
    kind: 'give',
    from: t.gm,
    command: {
      type: 'fate-point.give',
      fromCharacterId: forward ? t.characterIds[0] : t.characterIds[1],
      toCharacterId: forward ? t.characterIds[1] : t.characterIds[0],
    },
  };
}

export interface RoundResult {
  /** Send → last receiver, ms, for every measured command. */
  latencies: number[];
  /** Send → acknowledgement, ms, by kind. */
  acks: Record<CommandKind, number[]>;
  cpuMicrosPerDelivered: number;
  /** The kernel's share of that CPU (system time: TCP over loopback, fsync). */
  systemShare: number;
  delivered: number;
  /** Every command's kind, warm-up included, in order. */
  kinds: CommandKind[];
  complete: boolean;
}

export interface RoundPlan {
  warm: number;
  measured: number;
  rateHz: number;
}

/**
 * Sends `warm + measured` messages open-loop at `rateHz` (the schedule never waits for an
 * answer), waits until every receiver got every update, and reads the server's CPU.
 */
async function openLoop(
  plan: RoundPlan,
  receivers: Receiver[],
  proc: Child,
  send: (k: number, acked: (ok: boolean, why?: string) => void) => CommandKind,
): Promise<RoundResult> {
  const total = plan.warm + plan.measured;
  const log = new ArrivalLog(total);
  for (const r of receivers) r.startRound(log);
  const sent = new Float64Array(total);
  const acked = new Float64Array(total);
  const kinds: CommandKind[] = [];
  const failures: string[] = [];
  const cpu0 = await proc.stats();
  const interval = 1000 / plan.rateHz;
  const t0 = performance.now() + 20;
  for (let k = 0; k < total; k++) {
    const wait = t0 + k * interval - performance.now();
    if (wait > 0) await sleep(wait);
    sent[k] = performance.now();
    kinds[k] = send(k, (ok, why) => {
      acked[k] = performance.now();
      if (!ok) failures.push(why ?? '');
    });
  }
  const deadline = performance.now() + 10_000;
  const done = () => {
    for (let k = 0; k < total; k++)
      if (log.count[k]! < receivers.length || acked[k] === 0) return false;
    return true;
  };
  while (!done() && performance.now() < deadline) await sleep(5);
  const cpu1 = await proc.stats();
  for (const r of receivers) r.startRound(undefined);
  if (failures.length > 0) {
    throw new Error(
      `${failures.length} commands were refused in a fan-out round: ${failures.join('; ')}`,
    );
  }
  const latencies: number[] = [];
  const acks: Record<CommandKind, number[]> = { push: [], give: [] };
  for (let k = plan.warm; k < total; k++) {
    latencies.push(log.lastArrival[k]! - sent[k]!);
    acks[kinds[k]!].push(acked[k]! - sent[k]!);
  }
  const delivered = total * receivers.length;
  return {
    latencies,
    acks,
    cpuMicrosPerDelivered: cpuMicros(cpu0, cpu1) / delivered,
    systemShare: (cpu1.system - cpu0.system) / Math.max(1, cpuMicros(cpu0, cpu1)),
    delivered,
    kinds,
    complete: done(),
  };
}

/** A round against the table server; the probe keeps the frames for the baseline. */
export function serverRound(t: FanoutTable, receivers: Receiver[], plan: RoundPlan, server: Child) {
  t.probe.frames = [];
  return openLoop(plan, receivers, server, (_k, acked) => {
    const { kind, from, command } = fanoutCommand(t, t.next++);
    from.emit(command, (ack: Ack) =>
      acked(ack.ok, `${kind}: ${ack.code ?? ''} ${ack.message ?? ''}`),
    );
    return kind;
  });
}

/** The same bytes through the bare relay: `frames[k]` is what the server broadcast for command k. */
export async function baselineRound(
  relayUrl: string,
  frames: Uint8Array[],
  kinds: CommandKind[],
  receivers: Receiver[],
  plan: RoundPlan,
  relay: Child,
): Promise<RoundResult> {
  const sender = new WebSocket(`${relayUrl}/send`, { perMessageDeflate: false });
  await new Promise<void>((resolve, reject) => {
    sender.once('open', () => resolve());
    sender.once('error', reject);
  });
  const waiting: ((ok: boolean) => void)[] = [];
  sender.on('message', () => waiting.shift()?.(true));
  try {
    return await openLoop(plan, receivers, relay, (k, acked) => {
      waiting.push(acked);
      sender.send(frames[k % frames.length]!);
      return kinds[k % kinds.length]!;
    });
  } finally {
    sender.terminate();
  }
}

/** Connects `count` more receivers to `url(i)`, 50 at a time. */
export async function addReceivers(
  into: Receiver[],
  count: number,
  url: (i: number) => string,
  options: ConstructorParameters<typeof Receiver>[1] = {},
): Promise<void> {
  const fresh = Array.from({ length: count }, (_, i) => new Receiver(url(i), options));
  await inBatches(fresh, 50, (r) => r.connect());
  into.push(...fresh);
}

export function summarize(latencies: number[]): { p50: number; p99: number } {
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}
