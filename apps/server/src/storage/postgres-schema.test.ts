import { describe, expect, it } from 'vitest';
import { CHAT_PAGES } from './postgres-chat';
import { openPostgresStorage } from './postgres';
import { appendChat } from './storage';
import { ROW_BYTES, chatRowBytes } from './table-bytes';
import { commitCommands, docWith, token, write } from './contract-support';
import { postgresStorageTests } from '../test/postgres-storage';
import { CHAT_PAGE_INDEXES } from '../test/chat-support';

// What only a networked database shared by several nodes brings, beyond the storage contract
// (contract*.test.ts), against a real PostgreSQL (test/postgres-server.ts): its schema made
// once by nodes opening it together and brought up to date, numbers and JSON as written, and
// chat read by its indexes. postgres-writers.test.ts has writers at once and outages.

describe('the PostgreSQL storage', () => {
  const pgs = postgresStorageTests();
  const { another, plainPool } = pgs;

  it('creates its schema once when several nodes open the same empty database at once', async () => {
    const fresh = await pgs.server.createDatabase();
    const opened = await Promise.all([1, 2, 3, 4].map(() => openPostgresStorage(fresh)));
    for (const s of opened) pgs.extra.push({ end: () => s.close() });
    await opened[0]!.createTable(
      { id: 'T9', name: 'Shared', ruleset: 'fate-core', created: 1 },
      { pub: docWith('p'), gm: docWith('g') },
      [],
    );
    expect((await opened[3]!.getTable('T9'))?.name).toBe('Shared');
  });

  it('adds what a database made by an older server lacks (the leases), keeping what it holds', async () => {
    await pgs.storage.createTable(
      { id: 'T7', name: 'Kept', ruleset: 'fate-core', created: 1 },
      { pub: docWith('p'), gm: docWith('g') },
      [],
    );
    await plainPool().query('DROP TABLE leases');
    const reopened = await another();
    expect((await reopened.getTable('T7'))?.name).toBe('Kept');
    const leases = await reopened.leases!();
    try {
      expect(await leases.acquire('T7', 'node-a', 1000)).toMatchObject({ owner: 'self', epoch: 1 });
    } finally {
      await leases.close();
    }
  });

  it('answers times and seqs as numbers, and JSON exactly as written', async () => {
    const now = Date.now();
    const payload = { z: 1, a: [1.5, 'ü 🎲', { y: null, b: false }], '': 'empty key', n: -0.25 };
    await pgs.storage.createTable(
      { id: 'T2', name: 'Now', ruleset: 'fate-core', created: now },
      { pub: docWith('p'), gm: docWith('g') },
      [token('t2-gm', { tableId: 'T2', role: 'gm', created: now })],
    );
    await commitCommands(
      pgs.storage,
      write(2 ** 40, 'big', { tableId: 'T2', created: now, payload, result: { log: [] } }),
    );
    expect(await pgs.storage.getTable('T2')).toMatchObject({ created: now });
    expect((await pgs.storage.findToken('t2-gm'))?.created).toBe(now);
    const [stored] = await pgs.storage.findCommands('T2', ['big']);
    expect(stored).toMatchObject({ seq: 2 ** 40, created: now });
    // Key order and all: what was stored is what a replay reads back.
    expect(JSON.stringify(stored?.payload)).toBe(JSON.stringify(payload));
    expect((await pgs.storage.loadDocuments('T2')).seq).toBe(2 ** 40);
    const at = await appendChat(pgs.storage, 'T2', {
      at: now,
      from: { role: 'gm' },
      to: { kind: 'table' },
      text: 'x',
      spectators: true,
    });
    expect((await pgs.storage.readChat('T2', { kind: 'gm' }, undefined, 1))[0]).toEqual(at);
  });

  it("reads each reader's chat history by an index of its own, never a scan", async () => {
    const pool = plainPool();
    const client = await pool.connect();
    try {
      // A small table is cheaper to scan: the planner must be told not to, to show it can seek.
      await client.query('SET enable_seqscan = off');
      for (const [scope, names] of Object.entries(CHAT_PAGE_INDEXES)) {
        const sql = CHAT_PAGES[scope as keyof typeof CHAT_PAGES];
        const params = ['T1', 9, 5, ...(scope === 'seat' ? ['ann'] : [])];
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        for (const name of names) expect(plan).toContain(`using ${name} on chat`);
        expect(plan).not.toMatch(/Seq Scan on chat/);
      }
    } finally {
      client.release();
    }
  });

  it('gives a database made before them the chat indexes and its tables measured', async () => {
    await appendChat(pgs.storage, 'T1', {
      at: 5,
      from: { role: 'player', seatId: 'ann', name: 'Ann' },
      to: { kind: 'gm' },
      text: 'old whisper',
      spectators: false,
    });
    const measured = await pgs.storage.tableBytes('T1');
    // As a server of before left it: no gm column, no measure, no reader indexes.
    const pool = plainPool();
    for (const index of ['public', 'spectators', 'gm', 'from_seat', 'to_seat']) {
      await pool.query(`DROP INDEX chat_${index}`);
    }
    await pool.query('ALTER TABLE chat DROP COLUMN gm');
    await pool.query('ALTER TABLE tables DROP COLUMN stored_bytes');
    const reopened = await another();
    expect(await reopened.tableBytes('T1')).toBe(measured);
    expect(measured).toBeGreaterThan(
      chatRowBytes({
        ...(await reopened.readChat('T1', { kind: 'gm' }, undefined, 1))[0]!,
        spectators: false,
      }) +
        2 * ROW_BYTES,
    );
    expect(
      (await reopened.readChat('T1', { kind: 'seat', seatId: 'ann' }, undefined, 5)).map(
        (m) => m.text,
      ),
    ).toEqual(['old whisper']);
    const { rows } = await pool.query<{ name: string }>(
      `SELECT indexname AS name FROM pg_indexes WHERE tablename = 'chat' ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['chat_gm', 'chat_to_seat']));
  });
});
