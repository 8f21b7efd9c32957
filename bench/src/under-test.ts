// A "server under test": what the fan-out case needs of each server it compares (Fateboard,
// the bare relay, Hocuspocus, the stock y-websocket server), so that one round runner
// (open-loop.ts) measures them all the same way.
import { WebSocket } from 'ws';
import type { Ack, Receiver } from './clients';
import { BARE_RELAY, docUrl } from './clients';
import type { FanoutTable } from './fanout';
import { addReceivers, fanoutCommand } from './fanout';
import type { Child } from './ipc';
import type { CommandKind, RoundPlan, RoundResult } from './open-loop';
import { openLoop, summarize, wsFrame } from './open-loop';

export type ServerKind = 'fateboard' | 'relay' | 'hocuspocus' | 'ywebsocket';
export type PeerKind = Exclude<ServerKind, 'fateboard'>;
export const KINDS: ServerKind[] = ['fateboard', 'relay', 'hocuspocus', 'ywebsocket'];
export const LABEL: Record<ServerKind, string> = {
  fateboard: 'Fateboard',
  relay: 'relay',
  hocuspocus: 'Hocuspocus',
  ywebsocket: 'y-websocket',
};

/** The GM probe (or the peers' writer) and six players: the receivers besides spectators. */
export const TABLE_RECEIVERS = 7;

/** Inside Fateboard, per measured command, from the group commit's own clock (ms). */
export interface InServer {
  apply: { p50: number; p99: number };
  commit: { p50: number; p99: number };
}

export interface MeasuredRound extends RoundResult {
  /** Update frames one receiver got (fewer than messages where the server merged some). */
  frames: number;
  /** Bytes on the wire one receiver got in update frames ÷ messages. */
  bytesPerUpdate: number;
  inServer?: InServer;
}

export interface ServerUnderTest {
  kind: ServerKind;
  proc: Child;
  /** Every connection that gets each update; `receivers[0]` is the probe and keeps its frames. */
  receivers: Receiver[];
  /** Connects spectators until there are `spectators`. */
  grow(spectators: number): Promise<void>;
  /** One open-loop round; the probe's frames hold the round's updates afterwards. */
  round(plan: RoundPlan): Promise<RoundResult & { inServer?: InServer }>;
  close(): Promise<void>;
}

export function spectatorsOf(sut: ServerUnderTest): number {
  return sut.receivers.length - TABLE_RECEIVERS;
}

/**
 * A round through `sut`, checked: every receiver got every update, or the round fails
 * loudly. A peer may merge updates into fewer frames (update-slots.ts); Fateboard and the
 * relay send one frame per message.
 */
export async function measuredRound(sut: ServerUnderTest, plan: RoundPlan): Promise<MeasuredRound> {
  const probe = sut.receivers[0]!;
  probe.frames = [];
  const r = await sut.round(plan);
  const total = plan.warm + plan.measured;
  const frames = probe.frames.length;
  const oneEach = sut.kind === 'fateboard' || sut.kind === 'relay';
  if (!r.complete || frames === 0 || (oneEach && frames !== total)) {
    throw new Error(
      `${LABEL[sut.kind]} at ${spectatorsOf(sut)} spectators: incomplete round: ` +
        `${r.missing} of ${r.delivered} updates never reached their receiver ` +
        `(${frames} update frames at the probe for ${total} messages)`,
    );
  }
  const bytes = probe.frames.reduce((sum, f) => sum + wsFrame(f.length), 0);
  return { ...r, frames, bytesPerUpdate: bytes / total };
}

/** Fateboard: the GM sends commands over socket.io, acknowledged once applied and durable. */
export function fateboardUnderTest(base: string, t: FanoutTable, proc: Child): ServerUnderTest {
  const receivers = [...t.receivers];
  return {
    kind: 'fateboard',
    proc,
    receivers,
    grow: (n) =>
      addReceivers(receivers, n - (receivers.length - TABLE_RECEIVERS), () =>
        docUrl(base, t.table.id, t.table.tokens.spectator),
      ),
    async round(plan) {
      const before = await proc.request<{ batches: number }>('commit-timings');
      const r = await openLoop(plan, receivers, proc, (_k, acked) => {
        const { kind, from, command } = fanoutCommand(t, t.next++);
        from.emit(command, (ack: Ack) =>
          acked(ack.ok, `${kind}: ${ack.code ?? ''} ${ack.message ?? ''}`),
        );
        return kind;
      });
      const after = await proc.request<{ batches: number; applyMs: number[]; commitMs: number[] }>(
        'commit-timings',
        { count: plan.measured },
      );
      // At 10 commands a second each command is a batch of its own: the last `measured`.
      const batches = after.batches - before.batches;
      if (batches !== plan.warm + plan.measured) {
        console.log(`  (${batches} commits for ${plan.warm + plan.measured} commands)`);
      }
      return {
        ...r,
        inServer: { apply: summarize(after.applyMs), commit: summarize(after.commitMs) },
      };
    },
    close: async () => {
      await Promise.all(receivers.map((r) => r.close()));
      t.gm.close();
      for (const p of t.players) p.close();
    },
  };
}

/**
 * The bare relay: the exact frames Fateboard broadcast in its last round (`source`), sent at
 * the same rate, one buffer as is to every receiver, each acknowledged to the sender first.
 */
export function relayUnderTest(
  relayBase: string,
  proc: Child,
  source: () => { frames: Uint8Array[]; kinds: CommandKind[] },
): ServerUnderTest {
  const url = relayBase.replace(/^http/, 'ws');
  const receivers: Receiver[] = [];
  const connect = (count: number, keepFrames = false) =>
    addReceivers(receivers, count, () => `${url}/recv`, { protocol: BARE_RELAY, keepFrames });
  return {
    kind: 'relay',
    proc,
    receivers,
    async grow(n) {
      if (receivers.length === 0) {
        await connect(1, true);
        await connect(TABLE_RECEIVERS - 1);
      }
      await connect(n - (receivers.length - TABLE_RECEIVERS));
    },
    async round(plan) {
      const { frames, kinds } = source();
      const sender = new WebSocket(`${url}/send`, { perMessageDeflate: false });
      await new Promise<void>((resolve, reject) => {
        sender.once('open', () => resolve());
        sender.once('error', reject);
      });
      const waiting: ((ok: boolean) => void)[] = [];
      sender.on('message', () => waiting.shift()?.(true));
      try {
        return await openLoop(plan, receivers, proc, (k, acked) => {
          waiting.push(acked);
          sender.send(frames[k % frames.length]!);
          return kinds[k % kinds.length]!;
        });
      } finally {
        sender.terminate();
      }
    },
    close: () => Promise.all(receivers.map((r) => r.close())).then(() => undefined),
  };
}
