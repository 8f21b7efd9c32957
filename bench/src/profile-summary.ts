// Where a command's time goes in the table server, from a V8 CPU profile of it:
//   BENCH_PROFILE=/tmp/prof BENCH_ONLY=fanout BENCH_SIZES=50 pnpm bench
//   pnpm --filter @fateboard/bench profile-summary /tmp/prof/server/<file>.cpuprofile 300 12
// (the profile, the commands it covers, and the second from which to count, after set-up).
// V8 samples the main thread's stack on wall time: the categories add up to the busy time of
// the event loop, fsync waits included (they show as the COMMIT), idle time left out.
import { readFileSync } from 'node:fs';

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** First match wins, looking from the sampled frame down to the root. */
const CATEGORIES: [string, (frame: CallFrame, isLeaf: boolean) => boolean][] = [
  [
    'commit (SQLite COMMIT, its fsync)',
    (f, leaf) => leaf && f.functionName === 'sqliteTransaction',
  ],
  ['rebuild check (every 250 commands)', (f) => f.functionName === 'rebuildIfOutgrown'],
  [
    'broadcast to the replicas',
    (f) => /doc-channel/.test(f.url) && /flush|broadcast|send/.test(f.functionName),
  ],
  [
    'acknowledgement (socket.io out)',
    (f) => /engine\.io\/build\/socket\.js/.test(f.url) && f.functionName === 'sendPacket',
  ],
  ['validation (parseCommand)', (f) => f.functionName === 'parseCommand'],
  ['rules and Yjs (applyCommand)', (f) => f.functionName === 'applyCommand'],
  ['storage rows (SQLite reads and inserts)', (f) => /storage\/sqlite/.test(f.url)],
  [
    'command receipt (ws, engine.io, socket.io in)',
    (f) => /ws\/lib\/receiver|engine\.io\/build\/transport\.js/.test(f.url),
  ],
  ['group commit and room (the rest)', (f) => /group-commit|room(-docs|-command)?\.ts/.test(f.url)],
];

function summarize(
  profile: Profile,
  fromSeconds: number,
): { busyMs: number; byCategory: [string, number][] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const sums = new Map<string, number>();
  let clock = 0;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    clock += dt;
    const leaf = byId.get(id)!.callFrame.functionName;
    if (clock < fromSeconds * 1e6 || leaf === '(idle)') return;
    busy += dt;
    let category =
      leaf === '(garbage collector)' ? 'garbage collection' : 'other (timers, I/O, runtime)';
    let depth = 0;
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur), depth++) {
      const frame = byId.get(cur)!.callFrame;
      const hit = CATEGORIES.find(([, test]) => test(frame, depth === 0));
      if (hit) {
        category = hit[0];
        break;
      }
    }
    sums.set(category, (sums.get(category) ?? 0) + dt);
  });
  return {
    busyMs: busy / 1000,
    byCategory: [...sums]
      .map(([k, us]): [string, number] => [k, us / 1000])
      .sort((a, b) => b[1] - a[1]),
  };
}

if (process.argv[1]?.endsWith('profile-summary.ts')) {
  const [file, commands = '1', from = '0'] = process.argv.slice(2);
  if (!file) {
    console.error('usage: profile-summary <file.cpuprofile> [commands] [from-second]');
    process.exit(2);
  }
  const n = Number(commands);
  const { busyMs, byCategory } = summarize(
    JSON.parse(readFileSync(file, 'utf8')) as Profile,
    Number(from),
  );
  console.log(`busy ${busyMs.toFixed(0)} ms, ${(busyMs / n).toFixed(2)} ms a command (profiled)`);
  for (const [name, ms] of byCategory) {
    const share = ((100 * ms) / busyMs).toFixed(1).padStart(5);
    console.log(`${(ms / n).toFixed(3).padStart(7)} ms ${share}%  ${name}`);
  }
}
