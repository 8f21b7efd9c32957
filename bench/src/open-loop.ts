// The one round runner every server under test goes through: the same schedule, the same
// measurement point (send → the last receiver's update frame, on the load process's clock)
// and the same reading of the server process's CPU.
import { performance } from 'node:perf_hooks';
import type { Child } from './ipc';
import { cpuMicros } from './ipc';
import type { Receiver, SlotsOf } from './clients';
import { ArrivalLog } from './clients';
import { percentile, sleep } from './stats';

/**
 * Fateboard's two fan-out commands (the peers' writer alternates the same two changes), and
 * the board case's token move.
 */
export type CommandKind = 'push' | 'give' | 'move';

export interface RoundPlan {
  warm: number;
  measured: number;
  rateHz: number;
}

export interface RoundResult {
  /** Send → last receiver, ms, for every measured command. */
  latencies: number[];
  /** Send → acknowledgement, ms, by kind (empty when the server does not acknowledge). */
  acks: Record<CommandKind, number[]>;
  cpuMicrosPerDelivered: number;
  /** The kernel's share of that CPU (system time: TCP over loopback, fsync). */
  systemShare: number;
  delivered: number;
  /** Updates that some receiver never got (0 in a complete round). */
  missing: number;
  /** Every command's kind, warm-up included, in order. */
  kinds: CommandKind[];
  complete: boolean;
}

/** Sends message k; calls `acked` when the server acknowledged it (if it does). */
export type Send = (k: number, acked: (ok: boolean, why?: string) => void) => CommandKind;

/**
 * Sends `warm + measured` messages open-loop at `rateHz` (the schedule never waits for an
 * answer), waits until every receiver got every update (and, with `acks`, every message was
 * acknowledged), and reads the server's CPU. y-websocket has no acknowledgement: a round
 * against it waits for the receivers only.
 */
export async function openLoop(
  plan: RoundPlan,
  receivers: Receiver[],
  proc: Child,
  send: Send,
  options: { acks: boolean; slotsOf?: SlotsOf } = { acks: true },
): Promise<RoundResult> {
  const total = plan.warm + plan.measured;
  const log = new ArrivalLog(total, options.slotsOf);
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
      if (log.count[k]! < receivers.length || (options.acks && acked[k] === 0)) return false;
    return true;
  };
  while (!done() && performance.now() < deadline) await sleep(5);
  const cpu1 = await proc.stats();
  for (const r of receivers) r.startRound(undefined);
  if (failures.length > 0) {
    throw new Error(
      `${failures.length} messages were refused in a fan-out round: ${failures.join('; ')}`,
    );
  }
  const latencies: number[] = [];
  const acks: Record<CommandKind, number[]> = { push: [], give: [], move: [] };
  for (let k = plan.warm; k < total; k++) {
    latencies.push(log.lastArrival[k]! - sent[k]!);
    if (options.acks) acks[kinds[k]!].push(acked[k]! - sent[k]!);
  }
  const delivered = total * receivers.length;
  let missing = 0;
  for (let k = 0; k < total; k++) missing += Math.max(0, receivers.length - log.count[k]!);
  return {
    latencies,
    acks,
    cpuMicrosPerDelivered: cpuMicros(cpu0, cpu1) / delivered,
    systemShare: (cpu1.system - cpu0.system) / Math.max(1, cpuMicros(cpu0, cpu1)),
    delivered,
    missing,
    kinds,
    complete: done(),
  };
}

export function summarize(latencies: number[]): { p50: number; p99: number } {
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** ws adds 2 bytes of header up to 125 bytes of payload, 4 up to 64 KiB (server → client, unmasked). */
export function wsFrame(payload: number): number {
  return payload + (payload < 126 ? 2 : payload < 65536 ? 4 : 10);
}
