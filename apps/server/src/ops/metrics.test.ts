import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import { createLogger } from './logger';
import { SCRAPE_REUSE_MS } from './metrics';
import { api, createTable, fillingStorage, waitFor } from '../test/harness';
import { serverPerTest } from '../test/per-test';

// Operations: the Prometheus figures at /metrics and the JSON log lines, read from a
// real server over real sockets, with a real SQLite file that stops writing half-way.

const t = serverPerTest();

/** One sample of the exposition text: the line of `name` whose labels include `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',');
    if (wanted.every((w) => have.includes(w))) return Number(m[3]);
  }
  return Number.NaN;
}

async function scrape(url: string, token?: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${url}/metrics`, {
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: response.status, text: await response.text() };
}

describe('metrics and logs', () => {
  it('count connections by role, commands and refusals by code, commits, fan-out and storage errors; log lines carry node and table', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fateboard-metrics-'));
    // The disk fills half-way: committing a batch throws what SQLite throws then.
    const { storage, setFull, close } = fillingStorage(dataDir);
    t.later(() => void close());
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger({
      level: 'info',
      destination: {
        write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>),
      },
    });
    const server = await t.start({ dataDir, storage, logger, node: 'node-a' });
    const table = await createTable(server.url);
    const gm = await t.connect(table.tokens.gm, 'gm');
    const player = await t.connect(table.tokens.player, 'ann');
    await player.ok({ type: 'join', name: 'Ann' });
    const spectator = await t.connect(table.tokens.spectator, 'watcher');
    const replica = await t.replica(`table/${table.id}`, table.tokens.spectator);

    await gm.ok({ type: 'aspect.add', kind: 'situation', text: 'Rain on the docks' });
    await gm.ok({ type: 'aspect.add', kind: 'situation', text: 'Lanterns swaying' });
    await waitFor(() => readTable(replica.doc).aspects.length === 2, 'both aspects');
    expect(
      await spectator.send({ type: 'aspect.add', kind: 'situation', text: 'x' }),
    ).toMatchObject({ ok: false, code: 'forbidden' });
    // A made-up type is counted as `unknown`: what a client types never becomes a label.
    const made = await gm.send({ type: 'x'.repeat(40), text: 'y' });
    expect(made.ok).toBe(false);
    setFull(true);
    expect(
      await gm.send({ type: 'aspect.add', kind: 'situation', text: 'Never stored' }),
    ).toMatchObject({ ok: false, code: 'storage' });

    const { status, text } = await scrape(server.url);
    expect(status).toBe(200);
    const node = { node: 'node-a' };
    expect(sample(text, 'fateboard_connections', { role: 'gm', transport: 'socket.io' })).toBe(1);
    expect(sample(text, 'fateboard_connections', { role: 'player', transport: 'socket.io' })).toBe(
      1,
    );
    expect(
      sample(text, 'fateboard_connections', { role: 'spectator', transport: 'socket.io' }),
    ).toBe(1);
    expect(
      sample(text, 'fateboard_connections', { role: 'spectator', transport: 'yjs', ...node }),
    ).toBe(1);
    expect(sample(text, 'fateboard_connections', { role: 'gm', transport: 'yjs' })).toBe(0);
    expect(sample(text, 'fateboard_tables_loaded')).toBe(1);
    expect(
      sample(text, 'fateboard_commands_total', { type: 'aspect.add', outcome: 'applied' }),
    ).toBe(2);
    expect(sample(text, 'fateboard_commands_total', { type: 'join', outcome: 'applied' })).toBe(1);
    expect(sample(text, 'fateboard_commands_total', { type: 'unknown', outcome: 'refused' })).toBe(
      1,
    );
    expect(
      sample(text, 'fateboard_commands_total', { type: 'aspect.add', outcome: 'refused' }),
    ).toBe(2);
    expect(sample(text, 'fateboard_command_refusals_total', { code: 'forbidden' })).toBe(1);
    expect(sample(text, 'fateboard_command_refusals_total', { code: 'storage' })).toBe(1);
    expect(text).not.toContain('x'.repeat(40));
    expect(sample(text, 'fateboard_storage_errors_total', { operation: 'commit' })).toBe(1);
    expect(
      sample(text, 'fateboard_commit_seconds_count', { outcome: 'committed' }),
    ).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'fateboard_commit_batch_commands_sum')).toBeGreaterThanOrEqual(3);
    // The spectator's replica got both updates: at least one socket write each.
    expect(sample(text, 'fateboard_fanout_writes_total')).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'fateboard_fanout_seconds_count')).toBeGreaterThanOrEqual(2);
    expect(
      sample(text, 'fateboard_process_memory_bytes', { kind: 'resident', ...node }),
    ).toBeGreaterThan(0);
    expect(sample(text, 'fateboard_process_cpu_seconds')).toBeGreaterThan(0);
    const loop = sample(text, 'fateboard_event_loop_utilization');
    expect(loop).toBeGreaterThan(0);
    expect(loop).toBeLessThanOrEqual(1);

    // The failed write's line: an error, with the node and the table, and the cause.
    const failed = lines.find((l) => l.msg === 'the group commit failed; its commands are refused');
    expect(failed).toMatchObject({ level: 50, node: 'node-a', table: table.id });
    expect(JSON.stringify(failed?.err)).toContain('SQLITE_FULL');
    for (const line of lines) {
      expect(line.node).toBe('node-a');
      // No token and no invite link in the logs (docs/PROTOCOL.md, Logs).
      for (const token of Object.values(table.tokens))
        expect(JSON.stringify(line)).not.toContain(token);
    }
  });

  it('answers a flood of scrapes with one collection a second', async () => {
    let now = Date.now();
    const server = await t.start({ clock: () => now });
    const table = await createTable(server.url);
    const gm = await t.connect(table.tokens.gm, 'gm');
    const applied = { type: 'aspect.add', outcome: 'applied' };
    await gm.ok({ type: 'aspect.add', kind: 'situation', text: 'Smoke in the rafters' });
    const first = await scrape(server.url);
    expect(sample(first.text, 'fateboard_commands_total', applied)).toBe(1);
    await gm.ok({ type: 'aspect.add', kind: 'situation', text: 'A bell tolls' });
    // Within the second, every scrape gets the first one's text, however many come.
    const flood = await Promise.all(Array.from({ length: 20 }, () => scrape(server.url)));
    for (const s of flood) expect(s.text).toBe(first.text);
    now += SCRAPE_REUSE_MS;
    expect(sample((await scrape(server.url)).text, 'fateboard_commands_total', applied)).toBe(2);
  });

  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    const server = await t.start({ metricsToken: 'scrape-me-7f3a' });
    expect(await api(server.url, '/metrics')).toMatchObject({
      status: 401,
      body: { code: 'unauthorized' },
    });
    expect((await scrape(server.url, 'scrape-me-7f3b')).status).toBe(401);
    expect((await scrape(server.url, 'scrape-me-7f3a-and-more')).status).toBe(401);
    const ok = await scrape(server.url, 'scrape-me-7f3a');
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('fateboard_commands_total');
  });
});
