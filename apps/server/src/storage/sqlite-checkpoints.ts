import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints in a worker thread, off the command path.
 *
 * SQLite's own checkpoint runs inside the COMMIT that takes the WAL past 1,000 pages: that
 * command waits while pages are copied back into the database file and the file is synced,
 * and with it the whole event loop (better-sqlite3 is synchronous). Here the server's
 * connection never checkpoints (`wal_autocheckpoint = 0`); a second connection on a thread of
 * its own runs a PASSIVE checkpoint, which never blocks the writer, once enough commits have
 * piled up or a second after the last one. The WAL then starts over at the next commit.
 */

/** Commits between two checkpoints at most (SQLite's default is by pages: about 250 commits). */
const COMMITS_PER_CHECKPOINT = 200;
/** A checkpoint this long after the last commit, so that an idle table's WAL is folded in. */
const IDLE_MS = 1000;
/** How long closing waits for the worker's connection to close. */
const CLOSE_WAIT_MS = 5000;

// CommonJS run by the worker (`eval`): no second file to build or find beside this one.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    // The server's thread waits on this, so that its own close comes last (see close()).
    Atomics.store(workerData.closed, 0, 1);
    Atomics.notify(workerData.closed, 0);
    parentPort.close();
    return;
  }
  try {
    const [result] = db.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ ok: true, result });
  } catch (error) {
    parentPort.postMessage({ ok: false, message: String(error) });
  }
});
`;

export interface Checkpointer {
  /** Called after each commit. */
  committed(): void;
  /**
   * Closes the worker's connection, waiting (a few milliseconds, a checkpoint at most) until
   * it has: the server's connection then closes last, folds the WAL in and removes it, and
   * nothing touches the files once the storage is closed.
   */
  close(): void;
}

/**
 * Starts the worker for the database at `file`. `failed` runs once if the worker cannot go
 * on: the caller turns SQLite's own checkpoints back on, so the WAL never grows unbounded.
 */
export function startCheckpointer(file: string, failed: (error: Error) => void): Checkpointer {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  const closedFlag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { module, file, closed: closedFlag },
  });
  // A server that ends does not wait on its checkpoints: the last connection's close does one.
  worker.unref();
  let pending = 0;
  let running = false;
  let closed = false;
  let idle: ReturnType<typeof setTimeout> | undefined;

  const fail = (error: Error) => {
    if (closed) return;
    closed = true;
    if (idle !== undefined) clearTimeout(idle);
    failed(error);
    void worker.terminate();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the checkpoint worker exited (${String(code)})`)));
  worker.on('message', (answer: { ok: boolean; message?: string }) => {
    running = false;
    if (!answer.ok) {
      fail(new Error(answer.message ?? 'the checkpoint failed'));
      return;
    }
    if (pending >= COMMITS_PER_CHECKPOINT) run();
  });

  const run = () => {
    if (closed || running) return;
    running = true;
    pending = 0;
    worker.postMessage('checkpoint');
  };

  let lastCommit = 0;
  // One timer, not one a commit: when it fires early (commits came since), it waits again.
  const whenIdle = (ms: number) => {
    idle = setTimeout(() => {
      const quiet = Date.now() - lastCommit;
      if (quiet < IDLE_MS) return whenIdle(IDLE_MS - quiet);
      idle = undefined;
      if (pending > 0) run();
    }, ms);
    idle.unref();
  };

  return {
    committed() {
      if (closed) return;
      pending++;
      lastCommit = Date.now();
      if (pending >= COMMITS_PER_CHECKPOINT) run();
      if (idle === undefined) whenIdle(IDLE_MS);
    },
    close() {
      if (closed) return;
      closed = true;
      if (idle !== undefined) clearTimeout(idle);
      worker.postMessage('close');
      // Synchronous, as SQLite's own close is; bounded, should the worker be wedged.
      Atomics.wait(closedFlag, 0, 0, CLOSE_WAIT_MS);
    },
  };
}
