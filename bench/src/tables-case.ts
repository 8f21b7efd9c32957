import type { Child } from './ipc';
import { Receiver, createTable, docUrl, inBatches } from './clients';
import { IDLE_UNLOAD_MS } from './limits';
import { round, sleep } from './stats';

export interface TablesFigures {
  tables: number;
  connectionsEach: number;
  rssBytes: number;
  heapBytes: number;
  rssBytesPerTable: number;
  heapBytesPerTable: number;
  /** Heap per table left once every connection closed and the tables unloaded. */
  heapBytesPerTableAfterUnload: number;
  rssAfterUnload: number;
  connectSeconds: number;
}

/** `count` tables, each with seven idle replicas (one GM, six on the player link). */
export async function runTables(
  base: string,
  server: Child,
  count: number,
  say: (line: string) => void,
): Promise<TablesFigures> {
  // A few tables loaded and unloaded first, so that one-time costs (compiled code, caches)
  // are not counted as what a table leaves behind.
  await loadAndUnload(base, Math.min(10, Math.ceil(count / 5)));
  const before = await server.stats(true);
  const tables = new Array<Awaited<ReturnType<typeof createTable>>>(count);
  await inBatches(
    Array.from({ length: count }, (_, i) => i),
    8,
    async (i) => {
      tables[i] = await createTable(base, `Table ${i}`);
    },
  );
  const receivers: Receiver[] = [];
  for (const t of tables) {
    receivers.push(new Receiver(docUrl(base, t.id, t.tokens.gm)));
    for (let i = 0; i < 6; i++) receivers.push(new Receiver(docUrl(base, t.id, t.tokens.player)));
  }
  const t0 = Date.now();
  await inBatches(receivers, 100, (r) => r.connect());
  const connectSeconds = (Date.now() - t0) / 1000;
  await sleep(500);
  const loaded = await server.stats(true);
  say(
    `  ${count} tables × 7 connections: RSS ${round(loaded.rss / 2 ** 20)} MB, heap ${round(loaded.heapUsed / 2 ** 20)} MB`,
  );
  await inBatches(receivers, 500, (r) => r.close());
  await sleep(IDLE_UNLOAD_MS + 800);
  const unloaded = await server.stats(true);
  return {
    tables: count,
    connectionsEach: 7,
    rssBytes: loaded.rss,
    heapBytes: loaded.heapUsed,
    rssBytesPerTable: (loaded.rss - before.rss) / count,
    heapBytesPerTable: (loaded.heapUsed - before.heapUsed) / count,
    heapBytesPerTableAfterUnload: (unloaded.heapUsed - before.heapUsed) / count,
    rssAfterUnload: unloaded.rss,
    connectSeconds,
  };
}

async function loadAndUnload(base: string, count: number): Promise<void> {
  const receivers: Receiver[] = [];
  for (let i = 0; i < count; i++) {
    const t = await createTable(base, `Warm-up ${i}`);
    for (let j = 0; j < 7; j++)
      receivers.push(new Receiver(docUrl(base, t.id, t.tokens.spectator)));
  }
  await inBatches(receivers, 100, (r) => r.connect());
  await Promise.all(receivers.map((r) => r.close()));
  await sleep(IDLE_UNLOAD_MS + 800);
}
