import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { HttpError } from '../http/http-error';
import type { FileJob, FileJobAnswer } from './jobs';

/**
 * Uploaded files (a table to restore, a Fari scene) are read, checked and turned into what is
 * stored in worker threads, never on the event loop: a 8 MiB file takes a worker seconds, and
 * every other table's commands go on meanwhile. A small fixed pool (the machine's cores are
 * the other tables' too), a short queue, and a cap per client address on the requests being
 * served, their body's read included: past either the request is refused before its body is
 * read, 429 for the address, 503 for the server.
 */
export interface FileWorkLimits {
  /** Worker threads at most (started on first use, kept). */
  workers: number;
  /** Requests admitted beyond the workers: reading their body or waiting for a worker. */
  queued: number;
  /** Requests one client address (an IPv6 /64) may have admitted at once. */
  perAddress: number;
  /** A job running longer is stopped (its worker with it) and its request answered 503. */
  jobTimeoutMs: number;
}

/** A request's place in the pool, from before its body is read until it is answered. */
export interface FileSlot {
  run: (job: FileJob) => Promise<FileJobAnswer>;
  /** Gives the place back; called once the response is done (more calls do nothing). */
  release: () => void;
}

interface Pending {
  job: FileJob;
  resolve: (answer: FileJobAnswer) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  current?: Pending & { timer: ReturnType<typeof setTimeout> };
}

// CommonJS run by the thread (`eval`): registers tsx's loader (workspace packages are
// TypeScript, used from source) and imports the worker's module.
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ register }) => { register(); return import(workerData.entry); });
`;

function tsxApi(): string {
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  return pathToFileURL(join(dirname(pkg), 'dist/esm/api/index.mjs')).href;
}

export class FileWorkers {
  private readonly threads: Thread[] = [];
  private readonly queue: Pending[] = [];
  private readonly byAddress = new Map<string, number>();
  private admitted = 0;
  private closed = false;

  constructor(
    private readonly limits: FileWorkLimits,
    private readonly log: (message: string, error?: unknown) => void = () => {},
  ) {}

  /** A place for a request from `address`, or the refusal to answer it with. */
  admit(address: string): FileSlot {
    if (this.closed) throw new HttpError(503, 'busy', 'The server is shutting down.');
    const mine = this.byAddress.get(address) ?? 0;
    if (mine >= this.limits.perAddress) {
      throw new HttpError(
        429,
        'rate-limited',
        'Another file from your address is still being read; send this one when it is done.',
      );
    }
    if (this.admitted >= this.limits.workers + this.limits.queued) {
      throw new HttpError(503, 'busy', 'The server is reading other files; try again in a minute.');
    }
    this.admitted++;
    this.byAddress.set(address, mine + 1);
    let released = false;
    return {
      run: (job) => this.run(job),
      release: () => {
        if (released) return;
        released = true;
        this.admitted--;
        const left = (this.byAddress.get(address) ?? 1) - 1;
        if (left > 0) this.byAddress.set(address, left);
        else this.byAddress.delete(address);
      },
    };
  }

  /** Starts the workers ahead of the first file (a server that expects some). */
  warm(): void {
    while (this.threads.length < this.limits.workers) this.start();
  }

  async close(): Promise<void> {
    this.closed = true;
    const gone = () => new HttpError(503, 'busy', 'The server is shutting down.');
    for (const p of this.queue.splice(0)) p.reject(gone());
    const threads = this.threads.splice(0);
    for (const t of threads) {
      if (t.current) clearTimeout(t.current.timer);
      t.current?.reject(gone());
    }
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private run(job: FileJob): Promise<FileJobAnswer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const idle = this.threads.find((t) => t.ready && !t.current);
      if (!idle) {
        if (this.threads.length < this.limits.workers) this.start();
        return;
      }
      this.assign(idle, this.queue.shift()!);
    }
  }

  private assign(thread: Thread, pending: Pending): void {
    const timer = setTimeout(() => {
      this.fail(thread, new HttpError(503, 'busy', 'Reading this file took too long.'));
    }, this.limits.jobTimeoutMs);
    thread.current = { ...pending, timer };
    // The bytes are the request's own: moved to the worker, not copied.
    const bytes = pending.job.bytes;
    const transfer = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
    thread.worker.postMessage(pending.job, transfer ? [bytes.buffer as ArrayBuffer] : []);
  }

  private start(): void {
    const worker = new Worker(BOOTSTRAP, {
      eval: true,
      // Reading a file allocates a parsed copy of it several times over: a young generation
      // of this size scavenges a fraction as often as the default's.
      resourceLimits: { maxYoungGenerationSizeMb: 64 },
      workerData: { tsx: tsxApi(), entry: new URL('./worker.ts', import.meta.url).href },
    });
    // A server that ends does not wait on an idle worker.
    worker.unref();
    const thread: Thread = { worker, ready: false };
    this.threads.push(thread);
    worker.on('message', (message: { ready?: true; answer?: FileJobAnswer; crashed?: string }) => {
      if (message.ready) {
        thread.ready = true;
      } else {
        const current = thread.current;
        thread.current = undefined;
        if (current) {
          clearTimeout(current.timer);
          if (message.answer) current.resolve(message.answer);
          else current.reject(new Error(`a file worker failed: ${message.crashed ?? 'unknown'}`));
        }
      }
      this.pump();
    });
    worker.on('error', (error) => this.fail(thread, error));
    worker.on('exit', () => this.fail(thread, new Error('a file worker stopped')));
  }

  /** The thread is gone (or stopped for taking too long): its job fails, a new one may start. */
  private fail(thread: Thread, error: Error): void {
    const i = this.threads.indexOf(thread);
    if (i < 0) return;
    this.threads.splice(i, 1);
    const current = thread.current;
    thread.current = undefined;
    if (current) {
      clearTimeout(current.timer);
      current.reject(error);
    }
    if (!this.closed) {
      this.log('a file worker stopped', error);
      void thread.worker.terminate();
      this.pump();
    }
  }
}
