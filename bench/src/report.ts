import type { ClientFigures } from './client-size';
import type { FanoutFigures, FanoutResults } from './fanout-case';
import type { PeerKind } from './under-test';
import { LABEL } from './under-test';
import type { LongTableResults } from './longtable-case';
import type { TablesFigures } from './tables-case';
import type { ThroughputFigures } from './throughput-case';
import type { Repeated } from './stats';
import { round } from './stats';

const ms = (r: Repeated) => `${round(r.median)} ms (${round(r.min)}–${round(r.max)})`;
const kb = (bytes: number) => `${round(bytes / 1024, 1)} KB`;
const mb = (bytes: number) => `${round(bytes / 2 ** 20, 0)} MB`;

/** Per size: Fateboard next to the relay and the two peers, with Fateboard ÷ each. */
function peerRows(c: FanoutFigures): string[][] {
  const others: PeerKind[] = ['relay', 'hocuspocus', 'ywebsocket'];
  const figures = { relay: c.baseline, ...c.peers };
  const at = `(${c.spectators} spectators)`;
  const x = (v: number) => `${round(v, 2)}×`;
  const detail = (f: (kind: PeerKind) => string) =>
    others.map((kind) => `${LABEL[kind]} ${f(kind)}`).join('; ');
  return [
    [
      `vs peers: push p50 / p99 ${at}`,
      `${round(c.server.p50.median)} / ${round(c.server.p99.median)} ms`,
      detail(
        (k) =>
          `${round(figures[k].p50.median)} / ${round(figures[k].p99.median)} ms ` +
          `(Fateboard ÷ ${x(c.fateboardOver[k].p50)} / ${x(c.fateboardOver[k].p99)})`,
      ),
      'report',
    ],
    [
      `vs peers: server CPU per command ${at}`,
      `${round(c.server.cpuMicrosPerCommand.median, 0)} µs (${round(c.server.cpuMicrosPerDelivered.median)} µs × ${c.receivers} receivers)`,
      detail(
        (k) =>
          `${round(figures[k].cpuMicrosPerCommand.median, 0)} µs (${round(figures[k].cpuMicrosPerDelivered.median)} µs per delivered; ` +
          `Fateboard ÷ ${x(c.fateboardOver[k].cpuMicrosPerDelivered)})`,
      ),
      c.spectators === 50 ? "≤ half of today's" : 'report',
    ],
    [
      `vs peers: bytes per receiver per update ${at}`,
      `${round(c.server.bytesPerUpdate.median, 1)} B`,
      detail(
        (k) =>
          `${round(figures[k].bytesPerUpdate.median, 1)} B (Fateboard ÷ ${x(c.fateboardOver[k].bytesPerUpdate)})`,
      ),
      'report',
    ],
  ];
}

/** The table, filled in: one row per figure, with its target. */
export function markdownTable(results: Record<string, unknown>): string {
  const rows: string[][] = [];
  const fan = results.fanout as FanoutResults | undefined;
  if (fan) {
    for (const c of fan.cases) {
      rows.push([
        `push fan-out, last receiver p50 / p99 (${c.spectators} spectators + 7)`,
        `${ms(c.server.p50)} / ${ms(c.server.p99)}`,
        `relay ${ms(c.baseline.p50)} / ${ms(c.baseline.p99)}; ratio ${round(c.ratio.p50, 1)}× / ${round(c.ratio.p99, 1)}×`,
        c === fan.cases[1] ? 'p99 ≤ 15 ms and ≤ 3× relay' : 'report',
      ]);
    }
    const mid = fan.cases[1] ?? fan.cases[0];
    if (mid) {
      rows.push([
        `command round trip, send → durable ack (${mid.spectators} spectators)`,
        `p50 ${ms(mid.roundTrip.server.p50)}, p99 ${ms(mid.roundTrip.server.p99)}`,
        `relay p50 ${ms(mid.roundTrip.baseline.p50)}, p99 ${ms(mid.roundTrip.baseline.p99)}; ` +
          `in the server: applying p50 ${ms(mid.roundTrip.inServer.applyP50)}, p99 ${ms(mid.roundTrip.inServer.applyP99)}; ` +
          `the commit (fsync) p50 ${ms(mid.roundTrip.inServer.commitP50)}, p99 ${ms(mid.roundTrip.inServer.commitP99)}`,
        'p99 ≤ 5 ms',
      ]);
      for (const c of fan.cases) {
        rows.push([
          `server CPU per delivered update (${c.spectators} spectators)`,
          `${round(c.server.cpuMicrosPerDelivered.median)} µs (${round(c.server.cpuMicrosPerDelivered.min)}–${round(c.server.cpuMicrosPerDelivered.max)})`,
          `relay ${round(c.baseline.cpuMicrosPerDelivered.median)} µs; kernel share ${round(100 * c.server.systemShare.median, 0)}% (relay ${round(100 * c.baseline.systemShare.median, 0)}%)`,
          '≤ 12 µs',
        ]);
      }
    }
    for (const [kind, b] of Object.entries(fan.bytes)) {
      rows.push([
        `bytes on the wire per receiver: ${kind}`,
        `${b.onWire} B`,
        `Yjs update ${b.update} B, y-websocket frame ${b.frame} B`,
        kind === 'fate point transfer' ? '≤ 64 B' : 'report',
      ]);
    }
    for (const c of fan.cases) rows.push(...peerRows(c));
    rows.push([
      `heap and RSS per idle spectator (${fan.idle.spectators} added)`,
      `${kb(fan.idle.heapBytesEach)} heap, ${kb(fan.idle.rssBytesEach)} RSS`,
      '',
      '≤ 16 KB heap',
    ]);
  }
  const long = results.longTable as LongTableResults | undefined;
  if (long) {
    const c = long.campaign;
    rows.push([
      `state size after a long campaign (${c.commands} commands)`,
      `${kb(c.pubBytes)} public + ${c.gmBytes} B GM`,
      `raw, never rebuilt; +${round(c.bytesPerCommandOfHistory, 1)} B per command of history; ${kb(c.contentOnlyBytes)} rebuilt from content; served by the server (its rebuild policy): ${kb(long.coldJoin.bytes)}`,
      '≤ 64 KB',
    ]);
    const j = long.coldJoin;
    rows.push([
      'cold join of that table: server CPU / client apply / bytes',
      `${round(j.serverMicrosUncached.median / 1000)} ms / ${round(j.clientApplyMillis.median)} ms / ${kb(j.bytes)}`,
      `cached state ${round(j.serverMicrosCached.median / 1000)} ms; encode ${round(j.encodeMicros / 1000)} ms`,
      'server ≤ 2 ms, client ≤ 25 ms',
    ]);
    rows.push([
      `reconnect storm (${long.storm.spectators} spectators of that table)`,
      `${ms(long.storm.withStateVector)} with state vectors`,
      `${ms(long.storm.fresh)} as page reloads`,
      '≤ 2 s',
    ]);
  }
  const tp = results.throughput as ThroughputFigures | undefined;
  if (tp) {
    rows.push([
      'durable command throughput, one table',
      `${round(tp.oneTable.perSecond.median, 0)}/s (${round(tp.oneTable.perSecond.min, 0)}–${round(tp.oneTable.perSecond.max, 0)})`,
      `ack p99 ${ms(tp.oneTable.ackP99)} at ${tp.window} in flight; ${round(tp.oneTable.perCommit.median, 1)} commands a group commit; ` +
        `one durable write alone: p50 ${round(tp.storageFloor.p50, 2)} ms, mean ${round(tp.storageFloor.mean, 2)} ms (one fsync a command would cap at ${round(1000 / tp.storageFloor.mean, 0)}/s)`,
      'report; aim ≥ 2,000/s',
    ]);
    rows.push([
      `durable command throughput, ${tp.manyTables.tables} tables`,
      `${round(tp.manyTables.perSecond.median, 0)}/s (${round(tp.manyTables.perSecond.min, 0)}–${round(tp.manyTables.perSecond.max, 0)})`,
      `ack p99 ${ms(tp.manyTables.ackP99)}; ${round(tp.manyTables.perCommit.median, 1)} commands a group commit`,
      'report; aim ≥ 2,000/s',
    ]);
  }
  const tables = results.tables as TablesFigures | undefined;
  if (tables) {
    rows.push([
      `tables per process (${tables.tables} × ${tables.connectionsEach} idle connections)`,
      `${mb(tables.rssBytes)} RSS, ${mb(tables.heapBytes)} heap`,
      `${kb(tables.rssBytesPerTable)} RSS, ${kb(tables.heapBytesPerTable)} heap per table; after unload ${round(tables.heapBytesPerTableAfterUnload, 0)} B heap per table`,
      '≥ 2,000 in ≤ 1.5 GB RSS; ~0 once unloaded',
    ]);
  }
  const client = results.client as ClientFigures | undefined;
  if (client) {
    rows.push([
      'client: gzipped JavaScript of the table view',
      client.built ? kb(client.allGzipBytes) : 'not built',
      client.built ? `${kb(client.initialGzipBytes)} loaded up front` : 'run pnpm build first',
      '≤ 130 KB',
    ]);
  }
  const head = ['figure', 'measured (median, spread)', 'baseline / detail', 'target'];
  return [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}
