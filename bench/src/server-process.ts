// The table server under test, in its own process: createServer on port 0, with rate limits
// raised (they are per-connection abuse policy, not cost) and a short idle unload so that
// unloading can be measured. Answers IPC: stats (cpuUsage, memory after gc), seed a table
// from document state, and time a full-state encoding.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import * as Y from 'yjs';
import { createLogger, createServer, openSqliteFile, openSqliteStorage } from '@fateboard/server';
import type { CommandWrite } from '@fateboard/server';
import type { RulesetId } from '@fateboard/rules';
import { serveIpc } from './ipc';
import { BENCH_LIMITS, IDLE_UNLOAD_MS, PHONE_LIMITS } from './limits';

// BENCH_DATA_DIR=/dev/shm puts SQLite on tmpfs (fsync free): a diagnostic, never the figures.
const mode = process.argv[2];
const dataDir = mkdtempSync(join(process.env.BENCH_DATA_DIR ?? tmpdir(), 'fateboard-bench-'));
const storage = openSqliteStorage(dataDir);
// A second, synchronous connection to the same file, for seeding and the storage floor.
const file = openSqliteFile(dataDir);
const server = await createServer({
  dataDir,
  port: 0,
  host: '127.0.0.1',
  storage,
  // `default-limits`: the limits a deployment runs (budgets-case.ts attacks them); `phone`:
  // those, with the per-person budgets raised for the script that plays the long campaign
  // (phone-case.ts), and the built client served from BENCH_CLIENT_DIR.
  limits:
    mode === 'default-limits'
      ? { idleUnloadMs: IDLE_UNLOAD_MS }
      : mode === 'phone'
        ? PHONE_LIMITS
        : BENCH_LIMITS,
  ...(mode === 'phone' && process.env.BENCH_CLIENT_DIR
    ? { clientDir: process.env.BENCH_CLIENT_DIR }
    : {}),
  // Errors only with BENCH_DEBUG: a log line costs the figures CPU.
  logger: createLogger({ level: process.env.BENCH_DEBUG ? 'error' : 'silent' }),
});

const hash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

serveIpc(
  async (request) => {
    switch (request.type) {
      case 'seed-table': {
        // A table whose documents were built elsewhere (the long campaign, via the reducer).
        const id = randomBytes(12).toString('base64url');
        const created = Date.now();
        const tokens = {
          gm: randomBytes(32).toString('base64url'),
          player: randomBytes(32).toString('base64url'),
          spectator: randomBytes(32).toString('base64url'),
        };
        file.createTable(
          { id, name: String(request.name), ruleset: request.ruleset as RulesetId, created },
          {
            pub: Buffer.from(String(request.pub), 'base64'),
            gm: Buffer.from(String(request.gm), 'base64'),
          },
          (['gm', 'player', 'spectator'] as const).map((role) => ({
            hash: hash(tokens[role]),
            tableId: id,
            role,
            seatId: null,
            kind: 'link' as const,
            revoked: false,
            created,
          })),
        );
        return { tableId: id, tokens };
      }
      case 'encode-cost': {
        // What the server pays once per document version for the shared full state.
        const stored = file.loadDocuments(String(request.tableId)).docs.pub;
        const doc = new Y.Doc();
        const parts = stored.snapshot ? [stored.snapshot, ...stored.updates] : stored.updates;
        Y.applyUpdate(doc, Y.mergeUpdates(parts));
        const sv = Y.encodeStateVector(doc);
        const times: number[] = [];
        const diffTimes: number[] = [];
        let bytes = 0;
        for (let i = 0; i < 20; i++) {
          let t = performance.now();
          bytes = Y.encodeStateAsUpdate(doc).length;
          times.push((performance.now() - t) * 1000);
          t = performance.now();
          Y.encodeStateAsUpdate(doc, sv);
          diffTimes.push((performance.now() - t) * 1000);
        }
        doc.destroy();
        times.sort((a, b) => a - b);
        diffTimes.sort((a, b) => a - b);
        return {
          fullMicros: times[10] ?? 0,
          upToDateDiffMicros: diffTimes[10] ?? 0,
          bytes,
        };
      }
      case 'commit-timings': {
        // The group commit's own clock: how long the last `count` batches took to apply
        // (rules, Yjs, SQLite rows) and to commit (COMMIT with its fsync).
        const count = Number(request.count ?? 0);
        return server.commitStats(count);
      }
      case 'storage-floor': {
        // The durable write alone: one command row and one small update, one SQLite
        // transaction (WAL, synchronous = FULL, so one fsync), as every command pays. With
        // `gapMs`, one write every gapMs (the fan-out rounds' pace) instead of back to back:
        // the same code, run with the caches cold, as a command at 10 a second finds them.
        const id = `floor-${randomBytes(6).toString('base64url')}`;
        const empty = new Uint8Array([0, 0]);
        file.createTable(
          { id, name: 'floor', ruleset: 'fate-core', created: Date.now() },
          { pub: empty, gm: empty },
          [],
        );
        const bytes = new Uint8Array(100);
        const gapMs = Number(request.gapMs ?? 0);
        const times: number[] = [];
        let cpu = 0;
        for (let i = 0; i < Number(request.count ?? 200); i++) {
          if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
          const cpu0 = process.cpuUsage();
          const t = performance.now();
          const command: CommandWrite = {
            tableId: id,
            commandId: `c${i}`,
            seq: i + 1,
            actor: { role: 'gm' },
            tokenHash: null,
            type: 'fate-point.give',
            payload: {
              id: `c${i}`,
              type: 'fate-point.give',
              fromCharacterId: 'a',
              toCharacterId: 'b',
            },
            result: null,
            created: Date.now(),
            updates: [{ doc: 'pub', bytes }],
          };
          file.commit([{ tableId: id, writes: [{ kind: 'command', command }] }]);
          times.push(performance.now() - t);
          const used = process.cpuUsage(cpu0);
          cpu += used.user + used.system;
        }
        times.sort((a, b) => a - b);
        const at = (p: number) =>
          times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? 0;
        return {
          p50: at(50),
          p99: at(99),
          mean: times.reduce((a, b) => a + b, 0) / times.length,
          cpuMicros: cpu / times.length,
        };
      }
      case 'heap-snapshot': {
        // For finding what a table leaves behind: diff two snapshots by constructor.
        globalThis.gc?.();
        return { file: writeHeapSnapshot(String(request.file)) };
      }
      default:
        throw new Error(`unknown request ${request.type}`);
    }
  },
  async () => {
    await server.close();
    await storage.close();
    file.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
);

process.send?.({ type: 'ready', port: server.port, pid: process.pid });
