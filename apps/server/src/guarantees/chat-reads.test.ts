import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTable } from '../test/harness';
import { serverPerTest } from '../test/per-test';
import { history } from '../test/chat-support';
import type { Participant } from '../test/harness';
import { percentile } from './support';

// Guarantee 20 (docs/GUARANTEES.md): a reader's chat history costs its page, not the table's
// chat. A spectator, the GM or a player finds the messages it may read through an index of its
// own: a table holding 20,000 whispers the reader may not see answers its page as fast as an
// empty one. (Before, a spectator's page scanned every whisper to find nothing visible.)

const t = serverPerTest();
const WHISPERS = 20_000;

/** Writes whispers and a few public messages straight into the table's stored chat. */
function seedChat(dataDir: string, tableId: string): void {
  const db = new Database(join(dataDir, 'fateboard.sqlite'));
  const insert = db.prepare(
    `INSERT INTO chat (table_id, n, at, from_seat, from_name, to_kind, to_seat, text, spectators)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    let n = 0;
    for (const text of ['Welcome, watchers.', 'Session starts.']) {
      insert.run(tableId, ++n, n, null, null, 'table', null, text, 1);
    }
    for (let i = 0; i < WHISPERS; i++) {
      // Whispers between two players, and from a third to the GM: none of them a spectator's,
      // nor the GM's (off by default), nor the fourth player's.
      const toGm = i % 2 === 0;
      insert.run(
        tableId,
        ++n,
        n,
        toGm ? 's3' : 's1',
        toGm ? 'Cy' : 'Ann',
        toGm ? 'gm' : 'seat',
        toGm ? null : 's2',
        `psst ${i}`,
        0,
      );
    }
  })();
  // A file that numbers its chat in the table's row (the current schema) learns where it is.
  const columns = db.prepare<[], { name: string }>('PRAGMA table_info(tables)').all();
  if (columns.some((c) => c.name === 'chat_n')) {
    db.prepare('UPDATE tables SET chat_n = ? WHERE id = ?').run(WHISPERS + 2, tableId);
  }
  db.close();
}

async function medianPageMs(reader: Participant, calls: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const start = performance.now();
    const page = await history(reader, { limit: 50 });
    times.push(performance.now() - start);
    expect(page.ok).toBe(true);
  }
  return percentile(times, 50);
}

describe('chat history', () => {
  it('costs the page, not the table: 20,000 hidden whispers read as fast as none', async () => {
    // The readers ask again and again: past a connection's event rate, which is not under test.
    const server = await t.start({ limits: { eventRate: 1000, eventBurst: 1000 } });
    const full = await createTable(server.url, 'fate-core', 'Whispering table');
    const empty = await createTable(server.url, 'fate-core', 'Quiet table');
    await server.server.close();
    seedChat(server.dataDir, full.id);
    await server.restart();

    const watchFull = await t.connect(full.tokens.spectator, 'spectator-full');
    const watchEmpty = await t.connect(empty.tokens.spectator, 'spectator-empty');
    const page = await history(watchFull, { limit: 50 });
    expect(page).toMatchObject({ ok: true });
    expect(page.ok && page.messages.map((m) => m.text)).toEqual([
      'Welcome, watchers.',
      'Session starts.',
    ]);
    // Warm both (statements prepared, pages cached), then time them in turns.
    await medianPageMs(watchFull, 5);
    await medianPageMs(watchEmpty, 5);
    const rounds: [number, number][] = [];
    for (let round = 0; round < 4; round++) {
      rounds.push([await medianPageMs(watchFull, 15), await medianPageMs(watchEmpty, 15)]);
    }
    const fullMs = percentile(
      rounds.map(([f]) => f),
      50,
    );
    const emptyMs = percentile(
      rounds.map(([, e]) => e),
      50,
    );
    console.log(JSON.stringify({ guarantee: 'chat-reads', whispers: WHISPERS, fullMs, emptyMs }));
    // A scan of 20,000 rows costs several milliseconds a call; a seek costs what an empty
    // table's page does, a round trip on the loopback.
    expect(fullMs).toBeLessThan(3 * emptyMs + 1);
  });
});
