import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../limits/limits';
import { api, connectSocket, createTable, tokenOfLink } from '../test/harness';
import type { Participant } from '../test/harness';
import { ChildServer } from './support';
import { largestLogFile, tinyAspectsFile } from './table-file-attacks';
import { quantile, upload } from './upload';

// docs/GUARANTEES.md, "The file doors work off the event loop": the restore door works in
// proportion to the request and off the path of other tables. Files are read and checked in a
// worker thread, so the largest files allowed, several at once and gzipped, never hold another
// table's commands up; the files being read are capped per address and for the server,
// refused before their body; and a page of a restored log costs a page, not the log.

let dataDir: string;
let server: ChildServer;
const open: Participant[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'fateboard-restore-door-'));
  // Only the setup's own table creations are raised: the file caps under test are the defaults.
  server = new ChildServer(dataDir, {
    FATEBOARD_LIMITS: JSON.stringify({ createTablePerMinute: 600, createTableBurst: 100 }),
  });
  await server.start();
}, 60_000);

afterAll(async () => {
  for (const p of open) p.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The victim's GM: a note every 50 ms until `until`, each command's round trip in ms. */
async function victimTimes(gm: Participant, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; !until(); i++) {
    const start = performance.now();
    await gm.ok({ type: 'gm.note', text: `Watch the harbour, bell ${i}` });
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 50));
  }
  return times;
}

const restorePath = '/api/tables/restore';

describe('the restore door', () => {
  it('reads the largest files, several at once and gzipped, while another table plays on', async () => {
    // Made before the clock starts: the test's own process must not stall the victim either.
    const log = largestLogFile();
    const aspects = tinyAspectsFile();
    const victim = await createTable(server.url, 'fate-core', 'Next door');
    const gm = await connectSocket(server.url, victim.tokens.gm, 'victim-gm');
    open.push(gm);
    let n = 0;
    const quiet = await victimTimes(gm, () => n++ >= 40);

    let over = false;
    const attack = Promise.all([
      upload(server.url, restorePath, log.text, { from: '127.0.0.2' }),
      upload(server.url, restorePath, log.text, { from: '127.0.0.3', gzip: true }),
      upload(server.url, restorePath, aspects, { from: '127.0.0.4' }),
      upload(server.url, restorePath, aspects, { from: '127.0.0.5', gzip: true }),
    ]).finally(() => (over = true));
    const during = await victimTimes(gm, () => over);
    const answers = await attack;

    const figures = {
      fileMiB: Math.round((log.text.length / 2 ** 20) * 10) / 10,
      logEntries: log.entries,
      answers: answers.map((a) => `${a.status} ${a.body.code ?? ''} ${Math.round(a.ms)} ms`),
      victimCommands: during.length,
      quietP50: Math.round(quantile(quiet, 0.5) * 10) / 10,
      p50: Math.round(quantile(during, 0.5) * 10) / 10,
      p99: Math.round(quantile(during, 0.99) * 10) / 10,
      max: Math.round(Math.max(...during) * 10) / 10,
    };
    console.log(JSON.stringify({ restoreDoor: figures }));

    // The long log is a table; the file of a hundred thousand values is refused, not stored.
    expect(answers.map((a) => a.status)).toEqual([201, 201, 413, 413]);
    expect(answers[2].body.message).toMatch(/documents/);
    expect(server.running).toBe(true);
    expect(during.length).toBeGreaterThan(10);
    // Read on the event loop, the four files arriving together hold a command for all four
    // reads: 8 s on a quiet machine (2 s each). Off the loop, the victim's commands keep their
    // pace; what is left is the machine's own scheduling, which on a shared machine at load 20
    // reaches a second now and then (the benchmark measures the p99 against its 50 ms).
    expect(figures.max).toBeLessThan(2000);
    expect(figures.p50).toBeLessThan(figures.quietP50 * 2 + 10);

    // The restored table is served as any other: its summary, its links.
    const restored = answers[0].body as { id: string; links: { gm: string } };
    const summary = await api(server.url, `/api/tables/${restored.id}`, {
      token: tokenOfLink(restored.links.gm),
    });
    expect(summary.status).toBe(200);
    expect(summary.body.name).toBe('The longest campaign');
  }, 240_000);

  it('caps the files being read per address (429) and for the server (503), before their body', async () => {
    const { text } = largestLogFile('Capped');
    // One address: its first files are read, the next is refused at once.
    const mine = DEFAULT_LIMITS.filesPerAddress;
    const own = Array.from({ length: mine }, () =>
      upload(server.url, restorePath, text, { from: '127.0.0.6' }),
    );
    await new Promise((r) => setTimeout(r, 100));
    const refused = await upload(server.url, restorePath, text, { from: '127.0.0.6' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('rate-limited');
    expect((await Promise.all(own)).map((a) => a.status)).toEqual(own.map(() => 201));

    // Many addresses: the workers and their queue are taken, the rest are told to come back.
    const room = DEFAULT_LIMITS.fileWorkers + DEFAULT_LIMITS.fileQueue;
    const crowd = await Promise.all(
      Array.from({ length: room + 3 }, (_, i) =>
        upload(server.url, restorePath, text, { from: `127.0.1.${i + 1}` }),
      ),
    );
    const statuses = crowd.map((a) => a.status);
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(room);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(3);
    expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
    const busy = crowd.find((a) => a.status === 503)!;
    expect(busy.body.code).toBe('busy');
    // Refused before the body: sooner than any file is read.
    const slowestRefusal = Math.max(...crowd.filter((a) => a.status === 503).map((a) => a.ms));
    const fastestRead = Math.min(...crowd.filter((a) => a.status === 201).map((a) => a.ms));
    expect(slowestRefusal).toBeLessThan(fastestRead);
  }, 240_000);

  it('refuses a compressed body past the limit once inflated, and encodings other than gzip', async () => {
    // 64 MiB of spaces gzip to 64 KiB: cut off at the limit while inflating.
    const bomb = `{"format":"fateboard-table","pad":"${' '.repeat(64 * 2 ** 20)}"}`;
    const inflated = await upload(server.url, restorePath, bomb, { from: '127.0.2.1', gzip: true });
    expect(inflated.status).toBe(413);
    const br = await upload(server.url, restorePath, '{}', { from: '127.0.2.2', encoding: 'br' });
    expect(br.status).toBe(415);
    expect(br.body.code).toBe('unsupported-encoding');
  }, 60_000);

  it('pages the log of the largest restored table at the cost of a small table’s page', async () => {
    const big = await upload(server.url, restorePath, largestLogFile('Paged').text, {
      from: '127.0.3.1',
    });
    expect(big.status).toBe(201);
    const bigTable = big.body as { id: string; links: { spectator: string } };
    const small = await createTable(server.url, 'fate-core', 'Small');
    const smallGm = await connectSocket(server.url, small.tokens.gm, 'small-gm');
    open.push(smallGm);
    for (let i = 0; i < 5; i++) await smallGm.ok({ type: 'gm.note', text: `Note ${i}` });

    const page = async (id: string, token: string, query: string) => {
      const start = performance.now();
      const res = await api(server.url, `/api/tables/${id}/log?${query}`, { token });
      expect(res.status).toBe(200);
      return { ms: performance.now() - start, entries: res.body.entries as { n: number }[] };
    };
    const bigToken = tokenOfLink(bigTable.links.spectator);
    const times = { big: [] as number[], small: [] as number[] };
    for (let i = 0; i < 15; i++) {
      times.big.push((await page(bigTable.id, bigToken, 'limit=1')).ms);
      times.small.push((await page(small.id, small.tokens.spectator, 'limit=1')).ms);
    }
    const last = await page(bigTable.id, bigToken, 'limit=1');
    const deep = await page(bigTable.id, bigToken, 'limit=200&before=1000');
    expect(deep.entries.map((e) => e.n)).toEqual(Array.from({ length: 200 }, (_, i) => 800 + i));
    const figures = {
      bigEntries: last.entries[0]!.n,
      bigMedianMs: Math.round(quantile(times.big, 0.5) * 10) / 10,
      smallMedianMs: Math.round(quantile(times.small, 0.5) * 10) / 10,
    };
    console.log(JSON.stringify({ logPage: figures }));
    expect(figures.bigEntries).toBeGreaterThan(50_000);
    // The same order of cost: a page, not a parse of the whole log.
    expect(figures.bigMedianMs).toBeLessThan(figures.smallMedianMs * 3 + 10);
  }, 120_000);
});
