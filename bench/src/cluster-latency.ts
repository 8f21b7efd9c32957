// The cluster case's latencies: push fan-out with the spectators on the writer or spread over
// the nodes, and the command round trip through the writer and through another node
// (forwarded over Redis), each beside the single node's in alternating rounds.
import type { Participant as ParticipantT, Receiver } from './clients';
import { Participant, createTable, docUrl } from './clients';
import type { ClusterServices } from './cluster-services';
import type {
  ClusterConfig,
  ClusterFanout,
  ClusterNode,
  ClusterResults,
  Single,
} from './cluster-shared';
import { expectOwner, pair, percentiles } from './cluster-shared';
import { addReceivers, setupFanoutTable } from './fanout';
import type { FanoutTable } from './fanout';
import type { RoundPlan } from './open-loop';
import { openLoop, summarize } from './open-loop';
import { repeated, round, sleep } from './stats';
import type { MeasuredRound, ServerUnderTest } from './under-test';
import { TABLE_RECEIVERS, fateboardUnderTest, measuredRound, spectatorsOf } from './under-test';

/**
 * Fateboard in the cluster: the fan-out table's GM, players and probe on its owner, the
 * spectators on `spectatorBases` in turn. CPU per delivered update is the owner's alone, so
 * the cluster's is not reported.
 */
function clusterUnderTest(
  owner: ClusterNode,
  t: FanoutTable,
  spectatorBases: string[],
): ServerUnderTest {
  const sut = fateboardUnderTest(owner.base, t, owner.child);
  let added = 0;
  return {
    ...sut,
    grow: (n) =>
      addReceivers(sut.receivers, n - spectatorsOf(sut), () => {
        const base = spectatorBases[added++ % spectatorBases.length]!;
        return docUrl(base, t.table.id, t.table.tokens.spectator);
      }),
  };
}

export async function clusterFanout(
  single: Single,
  nodes: ClusterNode[],
  services: ClusterServices,
  config: ClusterConfig,
  say: (line: string) => void,
): Promise<ClusterFanout[]> {
  const owner = nodes[0]!;
  const bases = nodes.map((n) => n.base);
  const tSingle = await setupFanoutTable(single.base);
  const tOwner = await setupFanoutTable(owner.base);
  const tSpread = await setupFanoutTable(owner.base);
  await expectOwner(services, tOwner.table.id, owner);
  await expectOwner(services, tSpread.table.id, owner);
  const suts = {
    single: fateboardUnderTest(single.base, tSingle, single.proc),
    ownerOnly: clusterUnderTest(owner, tOwner, [owner.base]),
    spread: clusterUnderTest(owner, tSpread, bases),
  };
  const kinds = Object.keys(suts) as (keyof typeof suts)[];
  const warm = { warm: 0, measured: config.plan.measured > 20 ? 20 : 6, rateHz: 50 };
  const cases: ClusterFanout[] = [];
  try {
    for (const kind of kinds) await measuredRound(suts[kind], warm);
    for (const size of config.fanoutSizes) {
      for (const kind of kinds) await suts[kind].grow(size);
      const rounds = { single: [], ownerOnly: [], spread: [] } as Record<
        keyof typeof suts,
        MeasuredRound[]
      >;
      for (let rep = 0; rep < config.reps; rep++) {
        for (const kind of kinds) {
          rounds[kind].push(await measuredRound(suts[kind], config.plan));
          await sleep(200);
        }
        const line = kinds.map((k) => {
          const s = summarize(rounds[k][rep]!.latencies);
          return `${k} ${round(s.p50)}/${round(s.p99)} ms`;
        });
        say(`  fan-out, ${size} spectators, round ${rep + 1}: push p50/p99 ${line.join('; ')}`);
      }
      const of = (k: keyof typeof suts) => percentiles(rounds[k].map((r) => r.latencies));
      const commit = (k: keyof typeof suts) =>
        repeated(rounds[k].map((r) => r.inServer?.commit.p50 ?? NaN));
      const c: ClusterFanout = {
        spectators: size,
        receivers: suts.spread.receivers.length,
        single: of('single'),
        ownerOnly: of('ownerOnly'),
        spread: of('spread'),
        commitP50: { single: commit('single'), cluster: commit('spread') },
      };
      say(
        `  fan-out, ${size} spectators + ${TABLE_RECEIVERS}, medians of ${config.reps}: ` +
          `spread over ${nodes.length} nodes ${pair(c.spread)}; all on the owner ${pair(c.ownerOnly)}; ` +
          `one node (SQLite) ${pair(c.single)}; commit p50 PostgreSQL ${round(c.commitP50.cluster.median)} ms, ` +
          `SQLite ${round(c.commitP50.single.median)} ms`,
      );
      cases.push(c);
    }
  } finally {
    await Promise.all(kinds.map((k) => suts[k].close()));
  }
  return cases;
}

/**
 * A table with a GM connection on the owner and another on a second node (the same GM link),
 * and a replica on every node, so that every node follows it. One open-loop round sends
 * `spotlight.push` alternately through the owner and through the other node, at twice the
 * plan's rate (each path at the plan's rate); the single node gets its own round.
 */
export async function clusterRoundTrip(
  single: Single,
  nodes: ClusterNode[],
  services: ClusterServices,
  config: ClusterConfig,
  say: (line: string) => void,
): Promise<ClusterResults['roundTrip']> {
  const owner = nodes[0]!;
  const other = nodes[1]!;
  const setup = async (bases: string[]) => {
    const table = await createTable(bases[0]!, 'Round trip');
    const gms: ParticipantT[] = [];
    for (const base of bases.slice(0, 2))
      gms.push(await Participant.connect(base, table.tokens.gm, 'gm'));
    const aspects: string[] = [];
    for (const text of ['On Fire', 'Collapsing Roof']) {
      const ack = await gms[0]!.ok({ type: 'aspect.add', kind: 'situation', text, freeInvokes: 1 });
      aspects.push(String(ack.result?.aspectId));
    }
    const receivers: Receiver[] = [];
    for (const base of bases) {
      await addReceivers(receivers, 1, () => docUrl(base, table.id, table.tokens.gm));
    }
    return { table, gms, aspects, receivers };
  };
  const s = await setup([single.base]);
  const c = await setup([owner.base, other.base, ...nodes.slice(2).map((n) => n.base)]);
  await expectOwner(services, c.table.id, owner);
  // k even: through the owner ('push'), k odd: through the other node ('give'): openLoop keeps
  // the acknowledgements of the two kinds apart.
  const push = (
    gm: ParticipantT,
    aspects: string[],
    k: number,
    acked: (ok: boolean, why?: string) => void,
  ) =>
    gm.emit({ type: 'spotlight.push', ref: { aspectId: aspects[k % 2] } }, (ack) =>
      acked(ack.ok, `${ack.code ?? ''} ${ack.message ?? ''}`),
    );
  const plan = config.plan;
  const both = { warm: 2 * plan.warm, measured: 2 * plan.measured, rateHz: 2 * plan.rateHz };
  const rounds = { single: [] as number[][], owner: [] as number[][], forwarded: [] as number[][] };
  try {
    const oneRound = async (p: RoundPlan) => {
      const a = await openLoop(p, [], single.proc, (k, acked) => {
        push(s.gms[0]!, s.aspects, k, acked);
        return 'push';
      });
      await sleep(200);
      const b = await openLoop(both, [], owner.child, (k, acked) => {
        push(c.gms[k % 2]!, c.aspects, k >> 1, acked);
        return k % 2 === 0 ? 'push' : 'give';
      });
      return { single: a.acks.push, owner: b.acks.push, forwarded: b.acks.give };
    };
    await oneRound({ warm: 0, measured: plan.measured > 20 ? 20 : 6, rateHz: 50 });
    for (let rep = 0; rep < config.reps; rep++) {
      await sleep(200);
      const r = await oneRound(plan);
      rounds.single.push(r.single);
      rounds.owner.push(r.owner);
      rounds.forwarded.push(r.forwarded);
      const line = (xs: number[]) => `${round(summarize(xs).p50)}/${round(summarize(xs).p99)} ms`;
      say(
        `  round trip, round ${rep + 1}: through another node ${line(r.forwarded)}; ` +
          `through the owner ${line(r.owner)}; one node (SQLite) ${line(r.single)}`,
      );
    }
  } finally {
    for (const t of [s, c]) {
      for (const gm of t.gms) gm.close();
      await Promise.all(t.receivers.map((r) => r.close()));
    }
  }
  const result = {
    single: percentiles(rounds.single),
    owner: percentiles(rounds.owner),
    forwarded: percentiles(rounds.forwarded),
  };
  say(
    `  round trip, medians of ${config.reps}: through another node ${pair(result.forwarded)}; ` +
      `through the owner ${pair(result.owner)}; one node (SQLite) ${pair(result.single)}`,
  );
  return result;
}
