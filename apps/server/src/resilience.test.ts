import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { readTable } from '@fateboard/table';
import { openSqliteFile } from './storage';
import {
  fillingStorage,
  TestServer,
  connectSocket,
  createTable,
  openReplica,
  samePub,
  storedDocs,
  waitFor,
  yjsMessage,
} from './test/harness';
import { validSheet } from './test/sheets';
import { serverPerTest } from './test/per-test';

const t = serverPerTest();

describe('storage failure', () => {
  it('refuses with code storage, changes no replica, and recovers when the disk does', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fateboard-fail-'));
    const { storage, setFull, close } = fillingStorage(dataDir);
    t.later(() => void close());
    const server = await t.start({ dataDir, storage });
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const gm = await t.connect(table.tokens.gm, 'gm');
    const spectator = await t.replica(name, table.tokens.spectator);
    await gm.ok({ type: 'scene.start', name: 'Before', characterIds: [] });
    await waitFor(() => readTable(spectator.doc).scene.name === 'Before', 'the scene');
    const frames = await t.raw(name, table.tokens.spectator);
    await frames.barrier();
    const seen = frames.frames.length;

    setFull(true);
    const refused = await gm.send({ type: 'aspect.add', kind: 'situation', text: 'Lost' });
    expect(refused).toMatchObject({ ok: false, code: 'storage' });
    await frames.barrier();
    expect(frames.frames.length).toBe(seen);
    // The live document did not keep it: a fresh joiner gets the stored state.
    const fresh = await t.replica(name, table.tokens.spectator);
    expect(readTable(fresh.doc).aspects).toEqual([]);
    expect(samePub(storedDocs(dataDir, table.id).pub, fresh.doc)).toBe(true);

    setFull(false);
    await gm.ok({ type: 'aspect.add', kind: 'situation', text: 'Kept' });
    await waitFor(
      () =>
        readTable(spectator.doc)
          .aspects.map((a) => a.text)
          .join() === 'Kept',
      'the aspect',
    );
    await waitFor(() => samePub(storedDocs(dataDir, table.id).pub, spectator.doc), 'replica');
  });
});

describe('rooms', () => {
  it('unload when idle, compact their history, and load again on use', async () => {
    const server = await t.start({ limits: { idleUnloadMs: 100, compactAfter: 3 } });
    const table = await createTable(server.url);
    const ann = await connectSocket(server.url, table.tokens.player, 'ann');
    await ann.ok({ type: 'join', name: 'Ann' });
    const { result } = await ann.ok({
      type: 'character.create',
      character: validSheet('fate-core', 'Zira'),
    });
    const { characterId } = result as { characterId: string };
    for (let i = 0; i < 5; i++) {
      await ann.ok({ type: 'character.update', characterId, changes: { name: `Zira ${i}` } });
    }
    const before = storedDocs(server.dataDir, table.id);
    ann.close();
    const storage = openSqliteFile(server.dataDir);
    try {
      await waitFor(
        () => storage.loadDocuments(table.id).docs.pub.updates.length === 0,
        'compaction on unload',
      );
      expect(storage.loadDocuments(table.id).seq).toBe(7);
    } finally {
      storage.close();
    }
    const replica = await t.replica(`table/${table.id}`, table.tokens.gm);
    expect(JSON.stringify(readTable(replica.doc))).toBe(JSON.stringify(readTable(before.pub)));
  });
});

describe('y-websocket abuse', () => {
  it('refuses a browser upgrade from another origin', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const ws = new WebSocket(
      `${server.url.replace('http', 'ws')}/yjs/table/${table.id}?token=${table.tokens.gm}`,
      { origin: 'https://evil.example' },
    );
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('error', () => resolve(-1));
    });
    expect(status).toBe(403);
  });

  it('a spectator spamming sync requests and junk stays cheap; others are served', async () => {
    const server = await t.start();
    const table = await createTable(server.url);
    const name = `table/${table.id}`;
    const spam = await t.raw(name, table.tokens.spectator);
    const step1 = yjsMessage(0, 0, Y.encodeStateVector(new Y.Doc()));
    for (let i = 0; i < 2000; i++) {
      spam.send(step1);
      spam.send(new Uint8Array([0, 2, 3, 0xff, 0xff, 0xff]));
      spam.send(new Uint8Array([3]));
    }
    await spam.barrier();
    // At most the burst of answers, not one per request.
    expect(spam.frames.length).toBeLessThan(60);
    expect(spam.closed).toBeUndefined();
    const gm = await t.connect(table.tokens.gm, 'gm');
    const before = spam.frames.length;
    await gm.ok({ type: 'scene.start', name: 'Still here', characterIds: [] });
    await waitFor(() => spam.frames.length > before, 'the update');
  });
});

describe('shutdown', () => {
  it('closes every connection and keeps what was acknowledged', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'fateboard-stop-'));
    t.later(() => rmSync(dataDir, { recursive: true, force: true }));
    const first = await TestServer.start({ dataDir });
    const table = await createTable(first.url);
    const gm = await connectSocket(first.url, table.tokens.gm, 'gm');
    const replica = await openReplica(first.url, `table/${table.id}`, table.tokens.gm);
    t.later(() => replica.destroy());
    await gm.ok({ type: 'scene.start', name: 'Saved', characterIds: [] });
    await first.server.close();
    await waitFor(() => !gm.socket.connected, 'socket.io to close');
    await waitFor(() => !replica.provider.wsconnected, 'y-websocket to close');
    expect(gm.closed?.code).toBe('shutdown');
    expect(readTable(storedDocs(dataDir, table.id).pub).scene.name).toBe('Saved');
  });
});
