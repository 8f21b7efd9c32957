import type { BoardResults } from './board-case';
import type { DoorsResults } from './doors-case';
import type { ClientFigures } from './client-size';
import type { ClusterOutcome } from './cluster-case';
import type { FanoutFigures, FanoutResults } from './fanout-case';
import type { PeerKind } from './under-test';
import { LABEL } from './under-test';
import type { LongTableResults } from './longtable-case';
import type { TablesFigures } from './tables-case';
import type { ThroughputFigures } from './throughput-case';
import type { TextCaseFigures } from './text-case';
import { textRows } from './text-case';
import type { PhoneResults } from './phone-case';
import { phoneRows } from './phone-case';
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

/** Cluster mode (three nodes, PostgreSQL, Redis), each next to the single node of the run. */
function clusterRows(cl: ClusterOutcome | undefined): string[][] {
  if (!cl) return [];
  if ('skipped' in cl) return [['cluster mode', 'skipped', cl.skipped, 'report']];
  const pair = (p: { p50: Repeated; p99: Repeated }) => `${ms(p.p50)} / ${ms(p.p99)}`;
  const short = (p: { p50: Repeated; p99: Repeated }) =>
    `${round(p.p50.median)} / ${round(p.p99.median)} ms`;
  const rows: string[][] = [];
  for (const c of cl.fanout) {
    rows.push([
      `cluster: push fan-out p50 / p99 (${c.spectators} spectators over ${cl.nodes} nodes + 7)`,
      pair(c.spread),
      `one node (SQLite) ${short(c.single)}; cluster, all on the owner node ${short(c.ownerOnly)}; ` +
        `the owner's commit p50 PostgreSQL ${round(c.commitP50.cluster.median)} ms, SQLite ${round(c.commitP50.single.median)} ms`,
      'report',
    ]);
  }
  const rt = cl.roundTrip;
  rows.push([
    'cluster: command round trip through another node (forwarded)',
    pair(rt.forwarded),
    `through the owner ${short(rt.owner)}; one node (SQLite) ${short(rt.single)}`,
    'report',
  ]);
  const tp = cl.throughput;
  const rate = (r: Repeated) => `${round(r.median, 0)}/s (${round(r.min, 0)}–${round(r.max, 0)})`;
  rows.push([
    `cluster: durable throughput, ${tp.tables} tables on ${cl.nodes} nodes`,
    rate(tp.cluster.perSecond),
    `one node (SQLite) ${rate(tp.single.perSecond)}; ack p99 ${round(tp.cluster.ackP99.median)} ms ` +
      `(one node ${round(tp.single.ackP99.median)} ms) at ${tp.window} in flight a table; ` +
      `node CPU ${round(tp.cluster.nodeCores.median, 2)} cores (one node ${round(tp.single.nodeCores.median, 2)}), ` +
      `${round(tp.cluster.cpuPerCommand.median, 0)} µs a command ` +
      `(${tp.cluster.cpuPerCommandByNode.map((r) => round(r.median, 0)).join(' + ')}; ` +
      `one node ${round(tp.single.cpuPerCommand.median, 0)} µs)` +
      (tp.cluster.serverCoreBusy && tp.single.serverCoreBusy
        ? `, the servers' core ${round(100 * tp.cluster.serverCoreBusy.median, 0)}% busy (one node ${round(100 * tp.single.serverCoreBusy.median, 0)}%)`
        : '') +
      '; ' +
      `owners ${Object.entries(tp.owners)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    'report',
  ]);
  rows.push([
    'cluster: failover, SIGKILL of the owner → first ack through another node',
    `${round(cl.failover.ms.median, 0)} ms (${round(cl.failover.ms.min, 0)}–${round(cl.failover.ms.max, 0)})`,
    `${cl.failover.ms.runs.length} tries; lease TTL ${cl.failover.leaseMs} ms, renewed every ${cl.failover.renewMs} ms; ` +
      `a command every 20 ms meanwhile, refused ${cl.failover.refused.join(', ')} (of them after the forward timeout: ${cl.failover.timedOut.join(', ')})`,
    'report',
  ]);
  return rows;
}

/** The issue's table, filled in: one row per figure, with its target. */
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
  rows.push(...boardRows(results.board as BoardResults | undefined));
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
        `one durable write alone: p50 ${round(tp.storageFloor.p50, 2)} ms, mean ${round(tp.storageFloor.mean, 2)} ms (one fsync a command would cap at ${round(1000 / tp.storageFloor.mean, 0)}/s), ${round(tp.storageFloor.cpuMicros, 0)} µs of CPU; ` +
        `one every ${tp.pacedFloor.gapMs} ms: p50 ${round(tp.pacedFloor.p50, 2)} ms, ${round(tp.pacedFloor.cpuMicros, 0)} µs of CPU (${round(tp.pacedFloor.cpuMicros / tp.storageFloor.cpuMicros, 1)}× the same code back to back)`,
      'report; aim ≥ 2,000/s',
    ]);
    rows.push([
      `durable command throughput, ${tp.manyTables.tables} tables`,
      `${round(tp.manyTables.perSecond.median, 0)}/s (${round(tp.manyTables.perSecond.min, 0)}–${round(tp.manyTables.perSecond.max, 0)})`,
      `ack p99 ${ms(tp.manyTables.ackP99)}; ${round(tp.manyTables.perCommit.median, 1)} commands a group commit`,
      'report; aim ≥ 2,000/s',
    ]);
  }
  rows.push(...clusterRows(results.cluster as ClusterOutcome | undefined));
  const tables = results.tables as TablesFigures | undefined;
  if (tables) {
    rows.push([
      `tables per process (${tables.tables} × ${tables.connectionsEach} idle connections)`,
      `${mb(tables.rssBytes)} RSS, ${mb(tables.heapBytes)} heap`,
      `${kb(tables.rssBytesPerTable)} RSS, ${kb(tables.heapBytesPerTable)} heap per table; after unload ${round(tables.heapBytesPerTableAfterUnload, 0)} B heap per table`,
      '≥ 2,000 in ≤ 1.5 GB RSS; ~0 once unloaded',
    ]);
  }
  rows.push(...doorRows(results.doors as DoorsResults | undefined));
  const client = results.client as ClientFigures | undefined;
  if (client) {
    rows.push([
      'client: gzipped JavaScript of the table view',
      client.built ? kb(client.allGzipBytes) : 'not built',
      client.built ? `${kb(client.initialGzipBytes)} loaded up front` : 'run pnpm build first',
      '≤ 130 KB',
    ]);
  }
  rows.push(...phoneRows(results.phone as PhoneResults | undefined));
  rows.push(...textRows(results.text as TextCaseFigures | undefined));
  const head = ['figure', 'measured (median, spread)', 'baseline / detail', 'target'];
  return [head, head.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

/** The file doors: restore times, and the victim's round trip under each door's attack. */
function doorRows(doors: DoorsResults | undefined): string[][] {
  if (!doors) return [];
  const rows: string[][] = [];
  for (const r of doors.restores) {
    rows.push([
      `restore of a table file: ${r.file} (${round(r.bytes / 2 ** 20, 1)} MiB, ${r.logEntries} log entries)`,
      `${r.wallMs} ms`,
      `worker thread ${r.workerMs} ms, event loop (storing, in slices) ${r.storeMs} ms`,
      r.file.startsWith('long') ? '< 1 s, off the event loop' : '< 5 s, off the event loop',
    ]);
  }
  rows.push([
    'another table’s command round trip, quiet',
    `p50 ${`${doors.quiet.p50} ms`}, p99 ${`${doors.quiet.p99} ms`}`,
    `${doors.quiet.commands} commands, one every 100 ms`,
    'report',
  ]);
  for (const d of doors.doors) {
    rows.push([
      `another table’s command round trip, ${d.door} door attacked`,
      `p50 ${`${d.victim.p50} ms`}, p99 ${`${d.victim.p99} ms`}, max ${`${d.victim.max} ms`}`,
      `${d.attack}; answers ${Object.entries(d.answers)
        .map(([status, n]) => `${n}× ${status}`)
        .join(', ')}`,
      'p99 < 50 ms, p50 ≤ 2× quiet',
    ]);
  }
  return rows;
}

/** The scene board: a move and a zone's aspect against today's scene-aspect push. */
function boardRows(board: BoardResults | undefined): string[][] {
  if (!board) return [];
  const rows: string[][] = [];
  for (const c of board.cases) {
    const l = c.latency;
    rows.push([
      `board fan-out, last receiver p50 / p99: a move (${c.spectators} spectators + 7)`,
      `${ms(l.move.p50)} / ${ms(l.move.p99)}`,
      `zone aspect push ${round(l['zone push'].p50.median)} / ${round(l['zone push'].p99.median)} ms; ` +
        `today's scene aspect push ${round(l['scene push'].p50.median)} / ${round(l['scene push'].p99.median)} ms (same rounds, same receivers)`,
      "as fast as today's push",
    ]);
  }
  for (const [kind, b] of Object.entries(board.bytes)) {
    rows.push([
      `bytes on the wire per receiver: ${kind} (board case)`,
      `${b.onWire} B`,
      `Yjs update ${b.update} B, y-websocket frame ${b.frame} B`,
      'report',
    ]);
  }
  return rows;
}
