// Before and after in one run: the fan-out rounds against this checkout's table server and
// another checkout's (an older commit, installed), alternated round by round so that the
// machine's noise falls on both alike.
//   git worktree add --detach /tmp/before <commit> && (cd /tmp/before && pnpm install)
//   pnpm --filter @fateboard/bench compare /tmp/before 50 5 [commands a second, 10]
// Prints, for each, the medians over rounds of the server's CPU per command and per delivered
// update, the push latency to the last receiver, and the command round trip.
import { join } from 'node:path';
import { Child, canPin } from './ipc';
import { availableParallelism } from 'node:os';
import { setupFanoutTable } from './fanout';
import type { ServerUnderTest } from './under-test';
import { fateboardUnderTest, measuredRound } from './under-test';
import { summarize } from './open-loop';
import { median, round } from './stats';

const [other, spectatorsArg = '50', roundsArg = '3', rateArg = '10'] = process.argv.slice(2);
if (!other) {
  console.error('usage: compare <other checkout> [spectators] [rounds]');
  process.exit(2);
}
const spectators = Number(spectatorsArg);
const core = canPin(availableParallelism()) ? 0 : undefined;
const trees = {
  before: join(other, 'bench/src/server-process.ts'),
  after: join(import.meta.dirname, 'server-process.ts'),
};

interface Side {
  name: string;
  child: Child;
  sut: ServerUnderTest;
  perCommand: number[];
  perDelivered: number[];
  p50: number[];
  p99: number[];
  rttP99: number[];
}

const sides: Side[] = [];
for (const [name, file] of Object.entries(trees)) {
  const { child, ready } = await Child.start(name, file, core);
  const base = `http://127.0.0.1:${String(ready.port)}`;
  const sut = fateboardUnderTest(base, await setupFanoutTable(base), child);
  await sut.grow(spectators);
  await measuredRound(sut, { warm: 0, measured: 30, rateHz: 50 }); // JIT and buffers warm
  sides.push({ name, child, sut, perCommand: [], perDelivered: [], p50: [], p99: [], rttP99: [] });
}
for (let rep = 0; rep < Number(roundsArg); rep++) {
  // ABBA: the side that goes first alternates. Run against itself in a fixed order, four
  // runs of this checkout gave 0.99, 0.87, 0.87 and 0.89×: the order was in the ratio.
  for (const s of rep % 2 === 0 ? sides : [...sides].reverse()) {
    const r = await measuredRound(s.sut, { warm: 10, measured: 80, rateHz: Number(rateArg) });
    const push = summarize(r.latencies);
    s.perDelivered.push(r.cpuMicrosPerDelivered);
    s.perCommand.push(r.cpuMicrosPerDelivered * s.sut.receivers.length);
    s.p50.push(push.p50);
    s.p99.push(push.p99);
    s.rttP99.push(summarize([...r.acks.push, ...r.acks.give]).p99);
    console.log(
      `${s.name} round ${rep + 1}: ${round(s.perCommand.at(-1)!, 0)} µs a command, ` +
        `push p50 ${round(push.p50)} p99 ${round(push.p99)} ms`,
    );
  }
}
console.log(
  `\n${spectators} spectators + 7, ${rateArg} commands a second, medians of ${roundsArg} rounds:`,
);
for (const s of sides) {
  console.log(
    `${s.name.padEnd(7)} CPU ${round(median(s.perCommand), 0)} µs a command ` +
      `(${round(median(s.perDelivered))} µs per delivered update); push p50 ${round(median(s.p50))} ` +
      `p99 ${round(median(s.p99))} ms; round trip p99 ${round(median(s.rttP99))} ms`,
  );
}
const [before, after] = sides as [Side, Side];
console.log(
  `after ÷ before: CPU a command ${round(median(after.perCommand) / median(before.perCommand))}×`,
);
await Promise.all(sides.map((s) => s.sut.close()));
await Promise.all(sides.map((s) => s.child.stop()));
process.exit(0);
