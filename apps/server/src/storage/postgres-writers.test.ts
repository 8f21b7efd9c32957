import { describe, expect, it } from 'vitest';
import pg from 'pg';
import * as Y from 'yjs';
import type { BatchOutcome } from './storage';
import { readFence } from './postgres';
import { NotStoredError } from './storage';
import { STORED, commitCommands, docWith, notesOf, part, token, write } from './contract-support';
import { postgresStorageTests } from '../test/postgres-storage';

// What only a networked database shared by several nodes brings, beyond the storage contract
// (contract*.test.ts), against a real PostgreSQL (test/postgres-server.ts): writers on other
// connections at the same time, sessions that end before COMMIT, a database that goes away and
// comes back.

describe('the PostgreSQL storage', () => {
  const pgs = postgresStorageTests();
  const { another, plainPool } = pgs;

  it('lets one epoch win each seq when two nodes write a table at once', async () => {
    const old = pgs.storage;
    const fresh = await another();
    let freshWon = false;
    for (let seq = 1; seq <= 20; seq++) {
      // Each starts first every other round, so either may get to the fence row first.
      const first = () => old.commit([part('T1', [write(seq, `old-${seq}`)], 1)]);
      const second = () => fresh.commit([part('T1', [write(seq, `fresh-${seq}`)], 2)]);
      const [a, b] =
        seq % 2 === 1
          ? await Promise.all([first(), second()])
          : (await Promise.all([second(), first()])).reverse();
      const outcomes = [a![0]!, b![0]!];
      // Exactly one of the two is stored at the seq, and it is the one the row holds.
      expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
      const winner = b![0]!.ok ? `fresh-${seq}` : `old-${seq}`;
      const rows = await pgs.storage.findCommands('T1', [`old-${seq}`, `fresh-${seq}`]);
      expect(rows.map((r) => r.commandId)).toEqual([winner]);
      // Once the later epoch committed, the earlier one is fenced out for good.
      if (freshWon) expect(a![0]).toMatchObject({ ok: false, fenced: true });
      freshWon ||= b![0]!.ok;
    }
    // Alone, the later epoch goes in (whether or not it won a race above); the earlier one is
    // shut out after it.
    expect(await fresh.commit([part('T1', [write(21, 'fresh-21')], 2)])).toEqual([STORED]);
    expect(await readFence(plainPool(), 'T1')).toBe(2);
    expect(await old.commit([part('T1', [write(22, 'late')], 1)])).toMatchObject([
      { ok: false, fenced: true },
    ]);
  });

  it('loads whole documents while compactions replace them', async () => {
    // A writer adds a note per command, a compactor folds them into snapshots, readers load:
    // every load holds every note up to its seq, never a snapshot without its updates.
    const reader = await another();
    const count = 40;
    let written = 0;
    const expected = (seq: number) =>
      [...Array.from({ length: seq }, (_, i) => `n${i + 1}`), 'pub 0'].sort();
    const writer = (async () => {
      for (let seq = 1; seq <= count; seq++) {
        await commitCommands(
          pgs.storage,
          write(seq, `c${seq}`, { updates: [{ doc: 'pub', bytes: docWith(`n${seq}`) }] }),
        );
        written = seq;
      }
    })();
    const compactor = (async () => {
      while (written < count) {
        const stored = await pgs.storage.loadDocuments('T1');
        const pub = new Y.Doc();
        for (const key of notesOf(stored.docs.pub)) pub.getMap('meta').set(key, true);
        await pgs.storage.compact('T1', stored.seq, {
          pub: Y.encodeStateAsUpdate(pub),
          gm: docWith('gm 0'),
        });
      }
    })();
    let loads = 0;
    while (written < count) {
      const stored = await reader.loadDocuments('T1');
      expect(notesOf(stored.docs.pub)).toEqual(expected(stored.seq));
      loads++;
    }
    await Promise.all([writer, compactor]);
    expect(notesOf((await reader.loadDocuments('T1')).docs.pub)).toEqual(expected(count));
    expect(loads).toBeGreaterThan(0);
  });

  it('creates a table on a fresh connection when the first broke before COMMIT, once', async () => {
    // The first token row inserted ends its own session, as PostgreSQL's idle-in-transaction
    // timeout ends a stalled node's: the connection breaks inside the transaction. A sequence,
    // which no rollback undoes, makes it happen once.
    const pool = plainPool();
    await pool.query(`CREATE SEQUENCE break_once`);
    await pool.query(`CREATE FUNCTION break_once() RETURNS trigger AS $$
      BEGIN
        IF nextval('break_once') = 1 THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await pool.query(
      `CREATE TRIGGER break_once BEFORE INSERT ON tokens FOR EACH ROW EXECUTE FUNCTION break_once()`,
    );
    const t3 = { id: 'T3', name: 'Storm', ruleset: 'fate-core', created: 2 } as const;
    await pgs.storage.createTable(t3, { pub: docWith('t3'), gm: docWith('t3 gm') }, [
      token('t3-link', { tableId: 'T3', role: 'gm' }),
    ]);
    const { rows } = await pool.query<{ n: string }>(`SELECT last_value AS n FROM break_once`);
    expect(Number(rows[0]!.n), 'the first attempt broken, the second stored').toBe(2);
    expect(await pgs.storage.getTable('T3')).toMatchObject({ id: 'T3', name: 'Storm' });
    expect(await pgs.storage.findToken('t3-link')).toMatchObject({ tableId: 'T3', role: 'gm' });
    // Any other failure is not run again: the same id a second time is refused as it was.
    await expect(
      pgs.storage.createTable(t3, { pub: docWith('t3'), gm: docWith('t3 gm') }, []),
    ).rejects.toThrow();
  });

  it('rejects a commit whose session ended before COMMIT as certainly not stored', async () => {
    // A command row's insert ends its own session, as PostgreSQL ends a stalled node's.
    const pool = plainPool();
    await pool.query(`CREATE FUNCTION end_session() RETURNS trigger AS $$
      BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NEW; END $$ LANGUAGE plpgsql`);
    await pool.query(`CREATE TRIGGER end_session BEFORE INSERT ON commands FOR EACH ROW
      WHEN (NEW.command_id = 'ends') EXECUTE FUNCTION end_session()`);
    // One part (no savepoint) and two parts alike; a part of commands alone is one statement
    // (postgres-at-once.ts), a part that mints a token a transaction of several.
    for (const ends of [() => write(1, 'ends'), () => write(1, 'ends', { tokens: [token('t')] })]) {
      await expect(pgs.storage.commit([part('T1', [ends()])])).rejects.toBeInstanceOf(
        NotStoredError,
      );
    }
    await pgs.storage.createTable(
      { id: 'T2', name: 'Other', ruleset: 'fate-core', created: 1 },
      { pub: docWith('t2'), gm: docWith('t2 gm') },
      [],
    );
    await expect(
      pgs.storage.commit([
        part('T2', [write(1, 'fine', { tableId: 'T2' })]),
        part('T1', [write(1, 'ends')]),
      ]),
    ).rejects.toBeInstanceOf(NotStoredError);
    expect(await pgs.storage.findCommands('T2', ['fine'])).toEqual([]);
    expect(await pgs.storage.findCommands('T1', ['ends'])).toEqual([]);
    // A statement refused on its own is still that part's outcome (the contract's).
    const [taken] = await pgs.storage.commit([part('T1', [write(1, 'a'), write(1, 'b')])]);
    expect(taken).toMatchObject({ ok: false, fenced: false });
  });

  it('stores commands of several tables in one statement, each part fenced on its own', async () => {
    await pgs.storage.createTable(
      { id: 'T2', name: 'Other', ruleset: 'fate-core', created: 1 },
      { pub: docWith('t2'), gm: docWith('t2 gm') },
      [],
    );
    const pub = (text: string) => ({ updates: [{ doc: 'pub' as const, bytes: docWith(text) }] });
    expect(
      await pgs.storage.commit([
        part('T1', [write(1, 'a', pub('one'))], 5),
        part('T2', [write(1, 'x', { tableId: 'T2' })], 1),
      ]),
    ).toEqual([STORED, STORED]);
    // T1's fence is at 5 now: its part under 4 stores nothing, T2's beside it stores.
    const [old, t2] = await pgs.storage.commit([
      part('T1', [write(2, 'late', pub('late'))], 4),
      part('T2', [write(2, 'y', { tableId: 'T2' }), write(3, 'z', { tableId: 'T2' })], 1),
    ]);
    expect(old).toEqual({ ok: false, fenced: true });
    expect(t2).toEqual(STORED);
    expect(await pgs.storage.findCommands('T1', ['late'])).toEqual([]);
    expect(notesOf((await pgs.storage.loadDocuments('T1')).docs.pub)).toEqual(['one', 'pub 0']);
    expect(
      (await pgs.storage.findCommands('T2', ['x', 'y', 'z'])).map((c) => c.seq).sort(),
    ).toEqual([1, 2, 3]);
    // A part that breaks a constraint (a seq taken) fails the one statement: the batch is
    // stored part by part then, and only that part is refused.
    const [taken, fine] = await pgs.storage.commit([
      part('T1', [write(1, 'again')], 5),
      part('T2', [write(4, 'w', { tableId: 'T2' })], 1),
    ]);
    expect(taken).toMatchObject({ ok: false, fenced: false });
    expect(fine).toEqual(STORED);
    expect(await pgs.storage.findCommands('T1', ['again'])).toEqual([]);
    expect(await pgs.storage.tableBytes('T2')).toBeGreaterThan(0);
  });

  it('rejects a commit when the database goes away mid-way, stores none of it, recovers', async () => {
    await pgs.storage.createTable(
      { id: 'T2', name: 'Other', ruleset: 'fate-core', created: 1 },
      { pub: docWith('t2'), gm: docWith('t2 gm') },
      [],
    );
    expect(await pgs.storage.commit([part('T2', [write(1, 'b0', { tableId: 'T2' })], 1)])).toEqual([
      STORED,
    ]);
    // Another connection holds T2's fence row, so the commit stops inside its transaction:
    // T1's part written, T2's waiting.
    const blocker = new pg.Client({ connectionString: pgs.url });
    blocker.on('error', () => {});
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query(`SELECT * FROM fences WHERE table_id = 'T2' FOR UPDATE`);
    const pending = pgs.storage.commit([
      part('T1', [
        write(1, 'a', {
          updates: [{ doc: 'pub', bytes: docWith('lost') }],
          tokens: [token('lost')],
        }),
      ]),
      part('T2', [write(2, 'b', { tableId: 'T2' })], 1),
    ]);
    const outcome = pending.then(
      (outcomes: BatchOutcome[]) => ({ outcomes }),
      (error: unknown) => ({ error }),
    );
    // Asked on a connection of its own: inside the blocker's transaction, pg_stat_activity
    // would answer the same snapshot every time.
    const watcher = plainPool();
    await waitFor(async () => {
      const { rows } = await watcher.query(
        `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()`,
      );
      return rows.length > 0;
    });
    await pgs.server.halt();
    expect(await outcome).toHaveProperty('error');
    await blocker.end().catch(() => {});
    // While the database is down every call rejects, and nothing is half done.
    await expect(pgs.storage.commit([part('T1', [write(1, 'down')])])).rejects.toThrow();
    await expect(pgs.storage.getTable('T1')).rejects.toThrow();

    await pgs.server.resume();
    // The same pgs.storage, no reopen: its pool connects anew.
    expect(await pgs.storage.findCommands('T1', ['a', 'down'])).toEqual([]);
    expect(await pgs.storage.findCommands('T2', ['b'])).toEqual([]);
    expect(await pgs.storage.findToken('lost')).toBeUndefined();
    expect(notesOf((await pgs.storage.loadDocuments('T1')).docs.pub)).toEqual(['pub 0']);
    expect(
      await pgs.storage.commit([
        part('T1', [write(1, 'a')]),
        part('T2', [write(2, 'b', { tableId: 'T2' })], 1),
      ]),
    ).toEqual([STORED, STORED]);
    expect((await pgs.storage.loadDocuments('T2')).seq).toBe(2);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
