import { performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import * as decoding from 'lib0/decoding';
import type { Child } from './ipc';
import { cpuMicros } from './ipc';
import type { CampaignSize } from './campaign';
import { playCampaign } from './campaign';
import { Participant, Receiver, docUrl, inBatches } from './clients';
import type { Repeated } from './stats';
import { median, repeated, round, sleep } from './stats';

export interface CampaignFigures {
  commands: number;
  size: CampaignSize;
  pubBytes: number;
  gmBytes: number;
  contentOnlyBytes: number;
  viewJsonBytes: number;
  bytesPerCommandOfHistory: number;
  growth: { commands: number; pubBytes: number }[];
  reducerMillisPerCommand: number;
}

export interface ColdJoinFigures {
  /** Server CPU for one join (upgrade, auth, sync step 1 + 2), after a change: encodes the state. */
  serverMicrosUncached: Repeated;
  /** The same when the full state of this version is already cached. */
  serverMicrosCached: Repeated;
  /** What the server pays once per version to encode the full state (timed in its process). */
  encodeMicros: number;
  /** Answering a replica that is already up to date (state-vector diff; not cached). */
  upToDateDiffMicros: number;
  clientApplyMillis: Repeated;
  bytes: number;
}

export interface StormFigures {
  spectators: number;
  /** Reconnecting replicas send their state vector (the y-websocket provider does). */
  withStateVector: Repeated;
  /** Page reloads: empty state vector, the shared cached full state. */
  fresh: Repeated;
}

export interface LongTableResults {
  campaign: CampaignFigures;
  coldJoin: ColdJoinFigures;
  storm: StormFigures;
}

/** The update in a y-websocket sync step 2 frame. */
export function step2Update(frame: Uint8Array): Uint8Array {
  const d = decoding.createDecoder(frame);
  decoding.readVarUint(d);
  decoding.readVarUint(d);
  return decoding.readVarUint8Array(d);
}

export async function runLongTable(
  base: string,
  server: Child,
  size: CampaignSize,
  coldJoins: number,
  stormSize: number,
  reps: number,
  say: (line: string) => void,
): Promise<LongTableResults> {
  const c = playCampaign(
    size,
    Math.max(500, Math.round((size.fatePointMoves + size.aspectEdits + size.rolls) / 15)),
  );
  const first = c.growth[0]!;
  const last = c.growth[c.growth.length - 1]!;
  const campaign: CampaignFigures = {
    commands: c.commands,
    size,
    pubBytes: c.pubBytes,
    gmBytes: c.gmBytes,
    contentOnlyBytes: c.contentOnlyBytes,
    viewJsonBytes: c.viewJsonBytes,
    bytesPerCommandOfHistory: (last.pubBytes - first.pubBytes) / (last.commands - first.commands),
    growth: c.growth,
    reducerMillisPerCommand: c.millisPerCommand,
  };
  say(
    `  ${c.commands} commands: ${round(c.pubBytes / 1024)} KB encoded (${round(c.contentOnlyBytes / 1024)} KB without history), ` +
      `+${round(campaign.bytesPerCommandOfHistory)} B per command`,
  );

  const seeded = await server.request<{
    tableId: string;
    tokens: { gm: string; spectator: string };
  }>('seed-table', {
    name: 'A long campaign',
    ruleset: 'fate-core',
    pub: Buffer.from(Y.encodeStateAsUpdate(c.docs.pub)).toString('base64'),
    gm: Buffer.from(Y.encodeStateAsUpdate(c.docs.gm)).toString('base64'),
  });
  const url = docUrl(base, seeded.tableId, seeded.tokens.spectator);
  // The GM keeps the table loaded and invalidates the cached state with a push.
  const gm = await Participant.connect(base, seeded.tokens.gm, 'gm');
  const holder = new Receiver(url);
  await holder.connect();
  const encode = await server.request<{
    fullMicros: number;
    upToDateDiffMicros: number;
    bytes: number;
  }>('encode-cost', {
    tableId: seeded.tableId,
  });

  // The cost of an IPC stats round trip itself, subtracted from each join's CPU.
  const ipc: number[] = [];
  for (let i = 0; i < 5; i++) {
    const a = await server.stats();
    const b = await server.stats();
    ipc.push(cpuMicros(a, b));
  }
  const ipcCost = median(ipc);
  const uncached: number[] = [];
  const cached: number[] = [];
  const apply: number[] = [];
  let bytes = 0;
  for (let i = 0; i < coldJoins; i++) {
    for (const cache of [false, true]) {
      if (!cache) {
        await gm.ok({
          type: 'spotlight.push',
          ref: { aspectId: c.aspectIds[i % c.aspectIds.length] },
        });
      }
      await sleep(30);
      const joiner = new Receiver(url, { keepStep2: true });
      const before = await server.stats();
      await joiner.connect();
      const after = await server.stats();
      (cache ? cached : uncached).push(cpuMicros(before, after) - ipcCost);
      const frame = joiner.step2!;
      bytes = frame.length;
      const t = performance.now();
      const doc = new Y.Doc();
      Y.applyUpdate(doc, step2Update(frame));
      apply.push(performance.now() - t);
      doc.destroy();
      await joiner.close();
    }
  }
  const coldJoin: ColdJoinFigures = {
    serverMicrosUncached: repeated(uncached),
    serverMicrosCached: repeated(cached),
    encodeMicros: encode.fullMicros,
    upToDateDiffMicros: encode.upToDateDiffMicros,
    clientApplyMillis: repeated(apply),
    bytes,
  };
  say(
    `  cold join: server ${round(coldJoin.serverMicrosUncached.median / 1000)} ms (cached ${round(coldJoin.serverMicrosCached.median / 1000)} ms), ` +
      `client apply ${round(coldJoin.clientApplyMillis.median)} ms, ${bytes} B`,
  );

  // The storm: every spectator synced, then all drop and come back at once.
  const crowd = Array.from({ length: stormSize }, () => new Receiver(url));
  await inBatches(crowd, 50, (r) => r.connect());
  const replica = new Y.Doc();
  Y.applyUpdate(
    replica,
    step2Update(
      await (async () => {
        const probe = new Receiver(url, { keepStep2: true });
        await probe.connect();
        await probe.close();
        return probe.step2!;
      })(),
    ),
  );
  const sv = Y.encodeStateVector(replica);
  replica.destroy();
  const storm = async (stateVector: Uint8Array | undefined): Promise<number> => {
    await Promise.all(crowd.map((r) => r.close()));
    await sleep(300);
    const t = performance.now();
    await Promise.all(crowd.map((r) => r.connect(stateVector)));
    return performance.now() - t;
  };
  const withSv: number[] = [];
  const fresh: number[] = [];
  for (let rep = 0; rep < reps; rep++) {
    withSv.push(await storm(sv));
    fresh.push(await storm(undefined));
    say(
      `  storm ${rep + 1}: ${round(withSv[rep]!)} ms with state vectors, ${round(fresh[rep]!)} ms fresh`,
    );
  }
  await Promise.all([...crowd, holder].map((r) => r.close()));
  gm.close();
  return {
    campaign,
    coldJoin,
    storm: { spectators: stormSize, withStateVector: repeated(withSv), fresh: repeated(fresh) },
  };
}
