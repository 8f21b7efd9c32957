import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { DEFAULT_LIMITS } from '../limits/limits';
import { connectSocket, createTable, openReplica, unlimitedCommands } from '../test/harness';
import type { Participant } from '../test/harness';
import { ChildServer, sized } from './support';

// Guarantee 9 (docs/GUARANTEES.md): one table's readers cannot starve another table. The
// attack found by a hardening review: 40 connections on a large table's player link ask for
// sync step 2 with a made-up state vector as fast as their own rate limit lets them.

const ATTACKERS = 40;
const ATTACK_MS = sized(8_000, 60_000);
const ASPECTS = 500;

let dataDir: string;
let server: ChildServer;
const open: { close(): void }[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fateboard-readers-'));
  // Only the setup's own command rate is raised: the read limits under test are the defaults.
  server = new ChildServer(dataDir, {
    FATEBOARD_LIMITS: JSON.stringify(unlimitedCommands(2_000)),
  });
  await server.start();
});

afterAll(async () => {
  for (const thing of open) thing.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the attack in its own process; resolves once every connection is open. */
async function attack(docUrl: string): Promise<{ done: Promise<number> }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, 'read-attack.ts'),
      docUrl,
      String(ATTACKERS),
      String(ATTACK_MS),
      String(DEFAULT_LIMITS.syncRequestRate),
      String(DEFAULT_LIMITS.syncRequestBurst),
    ],
    { cwd: join(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const check = () => (out.includes('ATTACKING') ? resolve() : undefined);
    child.stdout.on('data', check);
    child.once('exit', (code) => reject(new Error(`the attack exited early: ${code}`)));
  });
  const done = new Promise<number>((resolve) =>
    child.once('exit', () =>
      resolve((JSON.parse(out.split('\n').at(-2)!) as { received: number }).received),
    ),
  );
  return { done };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

async function timedCommands(gm: Participant, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; !until(); i++) {
    const start = performance.now();
    await gm.ok({ type: 'gm.note', text: `Watch the harbour, bell ${i}` });
    times.push(performance.now() - start);
  }
  return times;
}

describe('one table’s readers cannot starve another table', () => {
  it('40 connections asking for diffs of a large table: the other table stays fast', async () => {
    const big = await createTable(server.url, 'fate-core', 'The long campaign');
    const victim = await createTable(server.url, 'fate-core', 'Next door');
    const bigGm = await connectSocket(server.url, big.tokens.gm, 'big-gm');
    open.push(bigGm);
    await bigGm.ok({ type: 'scene.start', name: 'The siege of Port Royal', characterIds: [] });
    const text = 'Cannon smoke drifts over the harbour walls while the tide turns. '.repeat(3);
    await Promise.all(
      Array.from({ length: ASPECTS }, (_, i) =>
        bigGm.ok({ type: 'aspect.add', kind: 'situation', text: `${i}: ${text}`.slice(0, 200) }),
      ),
    );
    const reference = await openReplica(server.url, `table/${big.id}`, big.tokens.spectator);
    open.push({ close: () => reference.destroy() });
    const fullState = Y.encodeStateAsUpdate(reference.doc).length;
    expect(fullState).toBeGreaterThan(90_000);

    const victimGm = await connectSocket(server.url, victim.tokens.gm, 'victim-gm');
    open.push(victimGm);
    const quiet = await timedCommands(
      victimGm,
      (() => {
        let n = 0;
        return () => n++ >= 200;
      })(),
    );

    const { hostname, port } = new URL(server.url);
    const docUrl = `ws://${hostname}:${port}/yjs/table/${big.id}?token=${encodeURIComponent(big.tokens.player)}`;
    const attacking = await attack(docUrl);
    const started = performance.now();
    let over = false;
    void attacking.done.then(() => (over = true));

    // Halfway through, an honest replica of the attacked table still gets its state.
    const honest = (async () => {
      await new Promise((r) => setTimeout(r, ATTACK_MS / 2));
      const start = performance.now();
      const replica = await openReplica(
        server.url,
        `table/${big.id}`,
        big.tokens.spectator,
        20_000,
      );
      replica.destroy();
      return performance.now() - start;
    })();
    const during = await timedCommands(victimGm, () => over);
    const elapsed = performance.now() - started;
    const honestMs = await honest;
    const received = await attacking.done;
    const sorted = [...during].sort((a, b) => a - b);
    const quietSorted = [...quiet].sort((a, b) => a - b);
    const figures = {
      attackers: ATTACKERS,
      seconds: Math.round(elapsed / 100) / 10,
      fullStateBytes: fullState,
      attackerMiB: Math.round((received / 2 ** 20) * 10) / 10,
      victimCommands: during.length,
      victimQuietP50: Math.round(quantile(quietSorted, 0.5) * 10) / 10,
      victimQuietP99: Math.round(quantile(quietSorted, 0.99) * 10) / 10,
      victimP50: Math.round(quantile(sorted, 0.5) * 10) / 10,
      victimP99: Math.round(quantile(sorted, 0.99) * 10) / 10,
      victimMax: Math.round(sorted[sorted.length - 1]! * 10) / 10,
      honestReplicaMs: Math.round(honestMs),
    };
    console.log(JSON.stringify({ readers: figures }));

    expect(server.running).toBe(true);
    // What the budget lets out, plus one answer per attacker already in flight at the end.
    const allowed =
      DEFAULT_LIMITS.readBurstBytes +
      (DEFAULT_LIMITS.readBytesPerSecond * elapsed) / 1000 +
      ATTACKERS * (fullState + 16);
    expect(received).toBeLessThanOrEqual(allowed);
    expect(figures.victimP99).toBeLessThan(50);
    // A pass over the queue: behind every attacker's one waiting request, not behind all.
    expect(honestMs).toBeLessThan(10_000);
    // The attacked table's own commands still go through.
    await bigGm.ok({ type: 'gm.note', text: 'The siege lifts' });
  }, 180_000);
});
