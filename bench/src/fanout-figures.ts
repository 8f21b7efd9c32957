// The fan-out case's figures from its rounds: per server, per size; the ratios Fateboard ÷
// each other server; and the per-size table printed as the case goes.
import type { MeasuredRound, PeerKind, ServerKind } from './under-test';
import { KINDS, LABEL } from './under-test';
import { summarize } from './open-loop';
import type { Repeated } from './stats';
import { median, repeated, round } from './stats';

export interface ServerFigures {
  p50: Repeated;
  p99: Repeated;
  cpuMicrosPerDelivered: Repeated;
  systemShare: Repeated;
  /** CPU per delivered update × receivers: what one command (one update) costs the server. */
  cpuMicrosPerCommand: Repeated;
  /** Bytes on the wire a receiver gets per update (the round's mean, WebSocket header included). */
  bytesPerUpdate: Repeated;
}

/** Fateboard ÷ another server: the median of the per-round ratios. */
export interface Versus {
  p50: number;
  p99: number;
  cpuMicrosPerDelivered: number;
  bytesPerUpdate: number;
}

export function serverFigures(rounds: MeasuredRound[], receivers: number): ServerFigures {
  return {
    p50: repeated(rounds.map((r) => summarize(r.latencies).p50)),
    p99: repeated(rounds.map((r) => summarize(r.latencies).p99)),
    cpuMicrosPerDelivered: repeated(rounds.map((r) => r.cpuMicrosPerDelivered)),
    systemShare: repeated(rounds.map((r) => r.systemShare)),
    cpuMicrosPerCommand: repeated(rounds.map((r) => r.cpuMicrosPerDelivered * receivers)),
    bytesPerUpdate: repeated(rounds.map((r) => r.bytesPerUpdate)),
  };
}

export function versus(fateboard: MeasuredRound[], other: MeasuredRound[]): Versus {
  const ratio = (f: (r: MeasuredRound) => number) =>
    median(fateboard.map((r, i) => f(r) / f(other[i]!)));
  return {
    p50: ratio((r) => summarize(r.latencies).p50),
    p99: ratio((r) => summarize(r.latencies).p99),
    cpuMicrosPerDelivered: ratio((r) => r.cpuMicrosPerDelivered),
    bytesPerUpdate: ratio((r) => r.bytesPerUpdate),
  };
}

export function roundTrip(rounds: MeasuredRound[]): { p50: Repeated; p99: Repeated } {
  const all = (r: MeasuredRound) => summarize([...r.acks.push, ...r.acks.give]);
  return {
    p50: repeated(rounds.map((r) => all(r).p50)),
    p99: repeated(rounds.map((r) => all(r).p99)),
  };
}

/** One round of every server, on one line. */
export function roundLine(
  spectators: number,
  rep: number,
  rounds: Record<ServerKind, MeasuredRound>,
): string {
  const each = KINDS.map((kind) => {
    const r = rounds[kind];
    const s = summarize(r.latencies);
    const merged = r.frames < r.kinds.length ? ` (${r.frames} frames for ${r.kinds.length})` : '';
    return `${LABEL[kind]} ${round(s.p50)}/${round(s.p99)} ms ${round(r.cpuMicrosPerDelivered)} µs${merged}`;
  });
  const fb = rounds.fateboard;
  const rt = summarize([...fb.acks.push, ...fb.acks.give]);
  const inServer = fb.inServer
    ? ` (in the server: apply p50 ${round(fb.inServer.apply.p50)} p99 ${round(fb.inServer.apply.p99)}, ` +
      `commit p50 ${round(fb.inServer.commit.p50)} p99 ${round(fb.inServer.commit.p99)} ms)`
    : '';
  return (
    `  ${spectators} spectators, round ${rep + 1}: push p50/p99, CPU per delivered: ${each.join('; ')}; ` +
    `Fateboard round trip p50 ${round(rt.p50)} p99 ${round(rt.p99)} ms${inServer}`
  );
}

/** The size's medians: a column per server, then Fateboard ÷ each. */
export function sizeTable(
  spectators: number,
  receivers: number,
  figures: Record<ServerKind, ServerFigures>,
  over: Record<PeerKind, Versus>,
): string[] {
  const cell = (text: string) => text.padStart(14);
  const row = (name: string, value: (kind: ServerKind) => string) =>
    `  ${name.padEnd(30)}${KINDS.map((k) => cell(value(k))).join('')}`;
  const x = (kind: ServerKind, f: (v: Versus) => number) =>
    kind === 'fateboard' ? '' : `${round(f(over[kind]), 2)}×`;
  return [
    `  ${spectators} spectators (${receivers} receivers), medians of ${figures.fateboard.p50.runs.length} rounds:`,
    row('', (k) => LABEL[k]),
    row(
      'push p50 / p99 ms',
      (k) => `${round(figures[k].p50.median, 1)} / ${round(figures[k].p99.median, 1)}`,
    ),
    row('CPU µs per delivered update', (k) => `${round(figures[k].cpuMicrosPerDelivered.median)}`),
    row('CPU µs per command', (k) => `${round(figures[k].cpuMicrosPerCommand.median, 0)}`),
    row('bytes per receiver per update', (k) => `${round(figures[k].bytesPerUpdate.median, 1)}`),
    row('Fateboard ÷: p50 / p99', (k) =>
      k === 'fateboard' ? '' : `${x(k, (v) => v.p50)} / ${x(k, (v) => v.p99)}`,
    ),
    row('Fateboard ÷: CPU / bytes', (k) =>
      k === 'fateboard'
        ? ''
        : `${x(k, (v) => v.cpuMicrosPerDelivered)} / ${x(k, (v) => v.bytesPerUpdate)}`,
    ),
  ];
}
