import { performance } from 'node:perf_hooks';
import type { Receiver } from './clients';
import { Participant, Receiver as YReceiver, createTable, docUrl, inBatches } from './clients';
import { sampleSheet } from '@fateboard/table';
import type { Repeated } from './stats';
import { percentile, repeated, round, sleep } from './stats';
import type { Child } from './ipc';

export interface Bench {
  tableId: string;
  gm: Participant;
  characters: [string, string];
  receivers: Receiver[];
}

/**
 * A table with two NPCs and seven replicas (GM + six player-link readers). The GM is on
 * `base`; replica i on `replicaBases[i % length]` (the cluster case spreads them over its
 * nodes), all on `base` by default.
 */
export async function benchTable(
  base: string,
  name: string,
  replicaBases: string[] = [base],
): Promise<Bench> {
  const on = (i: number) => replicaBases[i % replicaBases.length]!;
  const table = await createTable(base, name);
  const gm = await Participant.connect(base, table.tokens.gm, 'gm');
  const ids: string[] = [];
  for (const n of ['Brute', 'Thug']) {
    const ack = await gm.ok({
      type: 'character.create',
      character: sampleSheet('fate-core', n),
      npc: true,
    });
    const id = String(ack.result?.characterId);
    // An NPC starts with no points of its own (it spends the GM pool): give each three to pass.
    await gm.ok({ type: 'gm.adjust', adjust: { what: 'fate-points', characterId: id, value: 3 } });
    ids.push(id);
  }
  const receivers = [new YReceiver(docUrl(on(0), table.id, table.tokens.gm))];
  for (let i = 1; i <= 6; i++)
    receivers.push(new YReceiver(docUrl(on(i), table.id, table.tokens.player)));
  await Promise.all(receivers.map((r) => r.connect()));
  return { tableId: table.id, gm, characters: [ids[0]!, ids[1]!], receivers };
}

/**
 * Closed loop with a window: each GM connection keeps `window` fate point transfers in
 * flight for `seconds`; every one is applied, stored (one SQLite transaction, synchronous =
 * FULL) and acknowledged. Counts acknowledgements per second.
 */
export async function drive(
  benches: Bench[],
  seconds: number,
  window: number,
): Promise<{ perSecond: number; p50: number; p99: number }> {
  const end = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  let acked = 0;
  let failed = 0;
  await Promise.all(
    benches.map(async (b) => {
      let k = 0;
      const lane = async () => {
        while (performance.now() < end) {
          const forward = k++ % 2 === 0;
          const t = performance.now();
          const ack = await b.gm.send({
            type: 'fate-point.give',
            fromCharacterId: b.characters[forward ? 0 : 1],
            toCharacterId: b.characters[forward ? 1 : 0],
          });
          latencies.push(performance.now() - t);
          if (ack.ok) acked++;
          else failed++;
        }
      };
      await Promise.all(Array.from({ length: window }, lane));
    }),
  );
  if (failed > 0 && acked === 0) throw new Error(`throughput: all ${failed} commands refused`);
  const elapsed = seconds + Math.max(0, percentile(latencies, 100)) / 1000;
  return {
    perSecond: acked / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

export interface ThroughputFigures {
  /**
   * One durable write alone (one command row and update, one fsync), ms, back to back: the
   * ceiling of one writer; `cpuMicros` is the CPU each write took.
   */
  storageFloor: StorageFloor;
  /**
   * The same write once every FANOUT_GAP_MS, the pace of the fan-out rounds: the same code
   * finds the CPU's caches cold (and the disk idle), which is what a command at 10 a second pays.
   */
  pacedFloor: StorageFloor & { gapMs: number };
  /** `perCommit`: commands stored per group commit (one SQLite transaction, one fsync). */
  oneTable: { perSecond: Repeated; ackP50: Repeated; ackP99: Repeated; perCommit: Repeated };
  manyTables: {
    tables: number;
    perSecond: Repeated;
    ackP50: Repeated;
    ackP99: Repeated;
    perCommit: Repeated;
  };
  window: number;
}

export interface StorageFloor {
  p50: number;
  p99: number;
  mean: number;
  cpuMicros: number;
}

/** The fan-out rounds send 10 commands a second (config.ts). */
const FANOUT_GAP_MS = 100;

export async function runThroughput(
  server: Child,
  base: string,
  tables: number,
  seconds: number,
  window: number,
  reps: number,
  pacedWrites: number,
  say: (line: string) => void,
): Promise<ThroughputFigures> {
  const one = [await benchTable(base, 'Throughput')];
  const many: Bench[] = [];
  await inBatches(
    Array.from({ length: tables }, (_, i) => i),
    10,
    async (i) => {
      many.push(await benchTable(base, `Throughput ${i}`));
    },
  );
  type Run = Awaited<ReturnType<typeof drive>> & { perCommit: number };
  const runs = { one: [] as Run[], many: [] as Run[] };
  // A drive, with the server's group commits counted around it.
  const counted = async (benches: Bench[], inFlight: number): Promise<Run> => {
    type Commits = { batches: number; commands: number };
    const before = await server.request<Commits>('commit-timings');
    const run = await drive(benches, seconds, inFlight);
    const after = await server.request<Commits>('commit-timings');
    const perCommit =
      (after.commands - before.commands) / Math.max(1, after.batches - before.batches);
    return { ...run, perCommit };
  };
  await drive(one, 0.5, window); // warm-up
  for (let rep = 0; rep < reps; rep++) {
    await sleep(200);
    const a = await counted(one, window);
    await sleep(200);
    const b = await counted(many, Math.max(1, Math.round(window / 4)));
    runs.one.push(a);
    runs.many.push(b);
    say(
      `  round ${rep + 1}: one table ${round(a.perSecond, 0)}/s (ack p99 ${round(a.p99)} ms, ${round(a.perCommit, 1)} commands a commit), ` +
        `${tables} tables ${round(b.perSecond, 0)}/s (ack p99 ${round(b.p99)} ms, ${round(b.perCommit, 1)} a commit)`,
    );
  }
  for (const b of [...one, ...many]) {
    b.gm.close();
    await Promise.all(b.receivers.map((r) => r.close()));
  }
  const fig = (rs: Run[]) => ({
    perSecond: repeated(rs.map((r) => r.perSecond)),
    ackP50: repeated(rs.map((r) => r.p50)),
    ackP99: repeated(rs.map((r) => r.p99)),
    perCommit: repeated(rs.map((r) => r.perCommit)),
  });
  const storageFloor = await server.request<StorageFloor & Record<string, unknown>>(
    'storage-floor',
    { count: 300 },
  );
  const paced = await server.request<StorageFloor & Record<string, unknown>>('storage-floor', {
    count: pacedWrites,
    gapMs: FANOUT_GAP_MS,
  });
  say(
    `  storage alone: p50 ${round(storageFloor.p50, 3)} ms, p99 ${round(storageFloor.p99, 3)} ms, ` +
      `${round(storageFloor.cpuMicros, 0)} µs of CPU per durable write back to back; one every ` +
      `${FANOUT_GAP_MS} ms: p50 ${round(paced.p50, 3)} ms, ${round(paced.cpuMicros, 0)} µs of CPU ` +
      `(${round(paced.cpuMicros / storageFloor.cpuMicros, 1)}×)`,
  );
  return {
    storageFloor,
    pacedFloor: { ...paced, gapMs: FANOUT_GAP_MS },
    oneTable: fig(runs.one),
    manyTables: { tables, ...fig(runs.many) },
    window,
  };
}
