import type { Receiver } from './clients';
import type { Child, ProcStats } from './ipc';
import type { RoundPlan } from './open-loop';
import { wsFrame } from './open-loop';
import { fanoutCommand, setupFanoutTable } from './fanout';
import type { FanoutTable } from './fanout';
import type { ServerFigures, Versus } from './fanout-figures';
import { roundLine, roundTrip, serverFigures, sizeTable, versus } from './fanout-figures';
import { peerUnderTest } from './peer-under-test';
import type { MeasuredRound, PeerKind, ServerKind, ServerUnderTest } from './under-test';
import {
  KINDS,
  fateboardUnderTest,
  measuredRound,
  relayUnderTest,
  spectatorsOf,
} from './under-test';
import type { Repeated } from './stats';
import { repeated, round, sleep } from './stats';

export interface FanoutFigures {
  spectators: number;
  receivers: number;
  server: ServerFigures;
  baseline: ServerFigures;
  /** Median over rounds of server ÷ baseline, per round. */
  ratio: { p50: number; p99: number };
  /** Hocuspocus and the stock y-websocket server, measured in the same rounds. */
  peers: Record<Exclude<PeerKind, 'relay'>, ServerFigures>;
  /** Fateboard ÷ each other server (latency, CPU per delivered update, bytes). */
  fateboardOver: Record<PeerKind, Versus>;
  /** Command round trip (send → durable ack) of every measured command, and the relay's ack. */
  roundTrip: {
    server: { p50: Repeated; p99: Repeated };
    baseline: { p50: Repeated; p99: Repeated };
    /** Inside the server, per measured command (one group commit each at this rate), ms. */
    inServer: { applyP50: Repeated; applyP99: Repeated; commitP50: Repeated; commitP99: Repeated };
  };
}

export interface WireBytes {
  /** The y-websocket frame (sync update) one receiver gets, and the WebSocket frame around it. */
  [kind: string]: { update: number; frame: number; onWire: number };
}

export interface IdleCost {
  spectators: number;
  heapBytesEach: number;
  rssBytesEach: number;
}

export interface FanoutResults {
  cases: FanoutFigures[];
  bytes: WireBytes;
  idle: IdleCost;
}

function updateLength(frame: Uint8Array): number {
  // [0 sync][2 update][varuint length][update]
  let i = 2;
  let len = 0;
  let shift = 0;
  for (;;) {
    const b = frame[i++]!;
    len |= (b & 0x7f) << shift;
    if (b < 0x80) break;
    shift += 7;
  }
  return len;
}

/** What one receiver (the probe) got for `run`, which must send exactly one update. */
export async function bytesOfOne(
  probe: Receiver,
  label: string,
  run: () => Promise<unknown>,
): Promise<WireBytes[string]> {
  await sleep(50);
  probe.frames = [];
  await run();
  await sleep(100);
  const frames = probe.frames;
  if (frames.length !== 1)
    throw new Error(`${label}: expected one update frame, got ${frames.length}`);
  const frame = frames[0]!;
  return { update: updateLength(frame), frame: frame.length, onWire: wsFrame(frame.length) };
}

async function measureBytes(t: FanoutTable): Promise<WireBytes> {
  const one = (label: string, run: () => Promise<unknown>) => bytesOfOne(t.probe, label, run);
  const bytes: WireBytes = {};
  bytes['fate point transfer'] = await one('give', () => {
    if (t.next % 2 === 0) t.next++; // the next command is a transfer
    const { from, command } = fanoutCommand(t, t.next++);
    return from.ok(command);
  });
  bytes['aspect push'] = await one('push', () => {
    if (t.next % 2 === 1) t.next++; // skip a transfer: balances stay put only in pairs
    const { from, command } = fanoutCommand(t, t.next++);
    return from.ok(command);
  });
  bytes.roll = await one('roll', () =>
    t.players[0]!.ok({
      type: 'roll',
      characterId: t.characterIds[0],
      skillId: 'fight',
      action: 'overcome',
      difficulty: 2,
    }),
  );
  return bytes;
}

/** Each server's address and process, as main.ts started them. */
export type FanoutServers = Record<ServerKind, { base: string; proc: Child }>;

/**
 * Per size, `reps` rounds of each server in turn (Fateboard, then the relay replaying
 * Fateboard's frames of that round, then Hocuspocus and y-websocket), each with its own
 * receivers: the probe (GM replica / writer), six players and the spectators.
 */
export async function runFanout(
  servers: FanoutServers,
  sizes: number[],
  idleAt: number,
  plan: RoundPlan,
  reps: number,
  say: (line: string) => void,
): Promise<FanoutResults> {
  const fateboardProc = servers.fateboard.proc;
  const t = await setupFanoutTable(servers.fateboard.base);
  const fateboard = fateboardUnderTest(servers.fateboard.base, t, fateboardProc);
  let lastKinds: MeasuredRound['kinds'] = [];
  const relay = relayUnderTest(servers.relay.base, servers.relay.proc, () => ({
    frames: fateboard.receivers[0]!.frames,
    kinds: lastKinds,
  }));
  await relay.grow(0);
  const suts: Record<ServerKind, ServerUnderTest> = {
    fateboard,
    relay,
    hocuspocus: await peerUnderTest('hocuspocus', servers.hocuspocus.base, servers.hocuspocus.proc),
    ywebsocket: await peerUnderTest('ywebsocket', servers.ywebsocket.base, servers.ywebsocket.proc),
  };
  const roundOf = async (kind: ServerKind, p: RoundPlan) => {
    const r = await measuredRound(suts[kind], p);
    if (kind === 'fateboard') lastKinds = r.kinds;
    return r;
  };

  // Warm every path once (JIT, socket buffers) before anything is measured.
  const warm = { warm: 0, measured: 2 * plan.measured > 40 ? 20 : 6, rateHz: 50 };
  for (const kind of KINDS) await roundOf(kind, warm);
  const bytes = await measureBytes(t);

  const cases: FanoutFigures[] = [];
  let idle: IdleCost | undefined;
  for (const size of sizes) {
    const spectators = spectatorsOf(fateboard);
    if (size > spectators) {
      // Heap and RSS per idle spectator, read on Fateboard around the first growth past idleAt.
      let before: ProcStats | undefined;
      if (idle === undefined && size >= idleAt) {
        await sleep(300);
        before = await fateboardProc.stats(true);
      }
      await fateboard.grow(size);
      if (before) {
        await sleep(500);
        const s = await fateboardProc.stats(true);
        const n = size - spectators;
        idle = {
          spectators: n,
          heapBytesEach: (s.heapUsed - before.heapUsed) / n,
          rssBytesEach: (s.rss - before.rss) / n,
        };
        say(
          `  idle spectators: ${round(idle.heapBytesEach / 1024)} KB heap, ${round(idle.rssBytesEach / 1024)} KB RSS each`,
        );
      }
      for (const kind of KINDS) if (kind !== 'fateboard') await suts[kind].grow(size);
    }
    const rounds = Object.fromEntries(KINDS.map((k) => [k, [] as MeasuredRound[]])) as Record<
      ServerKind,
      MeasuredRound[]
    >;
    for (let rep = 0; rep < reps; rep++) {
      const these = {} as Record<ServerKind, MeasuredRound>;
      for (const kind of KINDS) {
        these[kind] = await roundOf(kind, plan);
        rounds[kind].push(these[kind]);
        await sleep(200);
      }
      say(roundLine(size, rep, these));
    }
    const receivers = fateboard.receivers.length;
    const figures = Object.fromEntries(
      KINDS.map((k) => [k, serverFigures(rounds[k], receivers)]),
    ) as Record<ServerKind, ServerFigures>;
    const fateboardOver: Record<PeerKind, Versus> = {
      relay: versus(rounds.fateboard, rounds.relay),
      hocuspocus: versus(rounds.fateboard, rounds.hocuspocus),
      ywebsocket: versus(rounds.fateboard, rounds.ywebsocket),
    };
    for (const line of sizeTable(size, receivers, figures, fateboardOver)) say(line);
    const inServer = rounds.fateboard.map((r) => r.inServer!);
    cases.push({
      spectators: size,
      receivers,
      server: figures.fateboard,
      baseline: figures.relay,
      ratio: { p50: fateboardOver.relay.p50, p99: fateboardOver.relay.p99 },
      peers: { hocuspocus: figures.hocuspocus, ywebsocket: figures.ywebsocket },
      fateboardOver,
      roundTrip: {
        server: roundTrip(rounds.fateboard),
        baseline: roundTrip(rounds.relay),
        inServer: {
          applyP50: repeated(inServer.map((x) => x.apply.p50)),
          applyP99: repeated(inServer.map((x) => x.apply.p99)),
          commitP50: repeated(inServer.map((x) => x.commit.p50)),
          commitP99: repeated(inServer.map((x) => x.commit.p99)),
        },
      },
    });
  }

  await Promise.all(KINDS.map((k) => suts[k].close()));
  if (!idle) throw new Error('idle spectator cost was not measured');
  return { cases, bytes, idle };
}
