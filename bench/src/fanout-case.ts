import type { Child } from './ipc';
import type { CommandKind, RoundPlan, RoundResult } from './fanout';
import {
  addReceivers,
  baselineRound,
  fanoutCommand,
  serverRound,
  setupFanoutTable,
  summarize,
} from './fanout';
import type { FanoutTable } from './fanout';
import type { Receiver } from './clients';
import { docUrl } from './clients';
import type { Repeated } from './stats';
import { median, repeated, round, sleep } from './stats';

export interface FanoutFigures {
  spectators: number;
  receivers: number;
  server: { p50: Repeated; p99: Repeated; cpuMicrosPerDelivered: Repeated; systemShare: Repeated };
  baseline: {
    p50: Repeated;
    p99: Repeated;
    cpuMicrosPerDelivered: Repeated;
    systemShare: Repeated;
  };
  /** Median over rounds of server ÷ baseline, per round. */
  ratio: { p50: number; p99: number };
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

/** ws adds 2 bytes of header up to 125 bytes of payload, 4 up to 64 KiB (server → client, unmasked). */
function wsFrame(payload: number): number {
  return payload + (payload < 126 ? 2 : payload < 65536 ? 4 : 10);
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

async function measureBytes(t: FanoutTable): Promise<WireBytes> {
  const one = async (label: string, run: () => Promise<unknown>) => {
    await sleep(50);
    t.probe.frames = [];
    await run();
    await sleep(100);
    const frames = t.probe.frames;
    if (frames.length !== 1)
      throw new Error(`${label}: expected one update frame, got ${frames.length}`);
    const frame = frames[0]!;
    return { update: updateLength(frame), frame: frame.length, onWire: wsFrame(frame.length) };
  };
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

export async function runFanout(
  base: string,
  relayBase: string,
  server: Child,
  relay: Child,
  sizes: number[],
  idleAt: number,
  plan: RoundPlan,
  reps: number,
  say: (line: string) => void,
): Promise<FanoutResults> {
  const t = await setupFanoutTable(base);
  const serverReceivers: Receiver[] = [...t.receivers];
  const relayReceivers: Receiver[] = [];
  const spectatorUrl = () => docUrl(base, t.table.id, t.table.tokens.spectator);
  const relayUrl = relayBase.replace(/^http/, 'ws');
  await addReceivers(relayReceivers, t.receivers.length, () => `${relayUrl}/recv`, {
    handshake: false,
  });

  // Warm both paths once (JIT, socket buffers) before anything is measured.
  await serverRound(
    t,
    serverReceivers,
    { warm: 0, measured: 2 * plan.measured > 40 ? 20 : 6, rateHz: 50 },
    server,
  );
  const bytes = await measureBytes(t);

  const cases: FanoutFigures[] = [];
  let idle: IdleCost | undefined;
  let idleBefore: { heap: number; rss: number; count: number } | undefined;
  for (const size of sizes) {
    const spectators = serverReceivers.length - t.receivers.length;
    if (size > spectators) {
      if (idleBefore === undefined && size >= idleAt) {
        await sleep(300);
        const s = await server.stats(true);
        idleBefore = { heap: s.heapUsed, rss: s.rss, count: spectators };
      }
      await addReceivers(serverReceivers, size - spectators, spectatorUrl);
      await addReceivers(relayReceivers, size - spectators, () => `${relayUrl}/recv`, {
        handshake: false,
      });
      if (idleBefore !== undefined && idle === undefined && size >= idleAt) {
        await sleep(500);
        const s = await server.stats(true);
        const n = size - idleBefore.count;
        idle = {
          spectators: n,
          heapBytesEach: (s.heapUsed - idleBefore.heap) / n,
          rssBytesEach: (s.rss - idleBefore.rss) / n,
        };
        say(
          `  idle spectators: ${round(idle.heapBytesEach / 1024)} KB heap, ${round(idle.rssBytesEach / 1024)} KB RSS each`,
        );
      }
    }
    const serverRounds: RoundResult[] = [];
    const baseRounds: RoundResult[] = [];
    const inServer: {
      apply: { p50: number; p99: number };
      commit: { p50: number; p99: number };
    }[] = [];
    for (let rep = 0; rep < reps; rep++) {
      const before = await server.request<{ batches: number }>('commit-timings');
      const s = await serverRound(t, serverReceivers, plan, server);
      const after = await server.request<{
        batches: number;
        applyMs: number[];
        commitMs: number[];
      }>('commit-timings', { count: plan.measured });
      // At 10 commands a second each command is a batch of its own: the last `measured`.
      if (after.batches - before.batches !== plan.warm + plan.measured) {
        say(
          `  (${after.batches - before.batches} commits for ${plan.warm + plan.measured} commands)`,
        );
      }
      inServer.push({ apply: summarize(after.applyMs), commit: summarize(after.commitMs) });
      const frames = t.probe.frames;
      const kinds: CommandKind[] = s.kinds;
      if (frames.length !== plan.warm + plan.measured || !s.complete) {
        throw new Error(`fan-out at ${size}: incomplete round (${frames.length} frames)`);
      }
      await sleep(200);
      const b = await baselineRound(relayUrl, frames, kinds, relayReceivers, plan, relay);
      if (!b.complete) throw new Error(`baseline at ${size}: incomplete round`);
      serverRounds.push(s);
      baseRounds.push(b);
      const ss = summarize(s.latencies);
      const bs = summarize(b.latencies);
      const rs = summarize([...s.acks.push, ...s.acks.give]);
      say(
        `  ${size} spectators, round ${rep + 1}: server p50 ${round(ss.p50)} p99 ${round(ss.p99)} ms; ` +
          `relay p50 ${round(bs.p50)} p99 ${round(bs.p99)} ms; server ${round(s.cpuMicrosPerDelivered)} µs/delivered; ` +
          `round trip p50 ${round(rs.p50)} p99 ${round(rs.p99)} ms ` +
          `(in the server: apply p50 ${round(inServer[rep]!.apply.p50)} p99 ${round(inServer[rep]!.apply.p99)}, ` +
          `commit p50 ${round(inServer[rep]!.commit.p50)} p99 ${round(inServer[rep]!.commit.p99)} ms)`,
      );
      await sleep(200);
    }
    const fig = (rounds: RoundResult[]) => ({
      p50: repeated(rounds.map((r) => summarize(r.latencies).p50)),
      p99: repeated(rounds.map((r) => summarize(r.latencies).p99)),
      cpuMicrosPerDelivered: repeated(rounds.map((r) => r.cpuMicrosPerDelivered)),
      systemShare: repeated(rounds.map((r) => r.systemShare)),
    });
    const rtt = (rounds: RoundResult[]) => ({
      p50: repeated(rounds.map((r) => summarize([...r.acks.push, ...r.acks.give]).p50)),
      p99: repeated(rounds.map((r) => summarize([...r.acks.push, ...r.acks.give]).p99)),
    });
    cases.push({
      spectators: size,
      receivers: serverReceivers.length,
      server: fig(serverRounds),
      baseline: fig(baseRounds),
      ratio: {
        p50: median(
          serverRounds.map(
            (s, i) => summarize(s.latencies).p50 / summarize(baseRounds[i]!.latencies).p50,
          ),
        ),
        p99: median(
          serverRounds.map(
            (s, i) => summarize(s.latencies).p99 / summarize(baseRounds[i]!.latencies).p99,
          ),
        ),
      },
      roundTrip: {
        server: rtt(serverRounds),
        baseline: rtt(baseRounds),
        inServer: {
          applyP50: repeated(inServer.map((x) => x.apply.p50)),
          applyP99: repeated(inServer.map((x) => x.apply.p99)),
          commitP50: repeated(inServer.map((x) => x.commit.p50)),
          commitP99: repeated(inServer.map((x) => x.commit.p99)),
        },
      },
    });
  }

  await Promise.all([...serverReceivers, ...relayReceivers].map((r) => r.close()));
  t.gm.close();
  for (const p of t.players) p.close();
  if (!idle) throw new Error('idle spectator cost was not measured');
  return { cases, bytes, idle };
}
