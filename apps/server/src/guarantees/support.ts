import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { Ack } from '@fateboard/table';

/** `FATEBOARD_SOAK=1` (`pnpm test:soak`) runs the long cases at full size. */
export const SOAK = process.env.FATEBOARD_SOAK === '1';

/** The quick count in CI, the full one in soak mode. */
export const sized = (quick: number, soak: number): number => (SOAK ? soak : quick);

const LAUNCHER = join(import.meta.dirname, 'launcher.ts');

/** A real server in a child process (`tsx launcher.ts`), killable with SIGKILL. */
export class ChildServer {
  private child: ChildProcess | undefined;
  port = 0;
  starts = 0;
  constructor(
    readonly dataDir: string,
    /** Settings the process gets beyond the test's own (e.g. FATEBOARD_LIMITS, as JSON). */
    private readonly env: Record<string, string> = {},
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return (
      this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null
    );
  }

  /**
   * Starts the process (on the same port after the first start) and waits until it listens.
   * A start that fails (the port not yet free after a kill) is tried again.
   */
  async start(timeoutMs = 60_000): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        await this.startOnce(timeoutMs);
        return;
      } catch (error) {
        if (attempt >= 5) throw error;
        await new Promise((r) => setTimeout(r, 250 * attempt));
      }
    }
  }

  private async startOnce(timeoutMs: number): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', LAUNCHER], {
      cwd: join(import.meta.dirname, '../..'),
      env: { ...process.env, ...this.env, DATA_DIR: this.dataDir, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.child = child;
    this.port = await new Promise<number>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error('the server did not start'));
      }, timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /LISTENING (\d+)/.exec(out);
        if (match) {
          clearTimeout(timer);
          this.starts++;
          resolve(Number(match[1]));
        }
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited before listening: ${code} ${signal}`));
      });
    });
  }

  /** SIGKILL: no shutdown code runs, exactly as a crash or a power cut of the process. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(force);
  }
}

/**
 * A child server on a fresh DATA_DIR for one test file, with a list of cleanups; after the
 * file's tests the cleanups run, the server stops and the directory goes.
 */
export function childServerForFile(prefix: string): {
  server: ChildServer;
  dataDir: string;
  cleanup: (() => void)[];
} {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  const server = new ChildServer(dataDir);
  const cleanup: (() => void)[] = [];
  afterAll(async () => {
    while (cleanup.length > 0) cleanup.pop()!();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return { server, dataDir, cleanup };
}

/**
 * A socket.io client that reconnects by itself and retries a command with the same id until
 * it gets an answer, as the real client does: the id makes a retry safe.
 */
export class RetryingClient {
  readonly socket: Socket;
  retries = 0;
  constructor(url: string, token: string) {
    this.socket = io(url, {
      auth: { token },
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 50,
      reconnectionDelayMax: 500,
      randomizationFactor: 0.5,
    });
  }

  /** Sends until acknowledged (ok or a refusal); gives up after `deadlineMs`. */
  async send(command: Record<string, unknown>, deadlineMs = 120_000): Promise<Ack> {
    const start = Date.now();
    for (;;) {
      if (Date.now() - start > deadlineMs) {
        throw new Error(`no answer for ${String(command.id)} in ${deadlineMs} ms`);
      }
      if (!this.socket.connected) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, 2000);
          this.socket.once('connect', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        continue;
      }
      try {
        const ack = (await this.socket.timeout(3000).emitWithAck('command', command)) as Ack;
        // A refusal for a reason that goes away (rate, storage) is retried too.
        if (!ack.ok && (ack.code === 'rate-limited' || ack.code === 'storage')) {
          this.retries++;
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        return ack;
      } catch {
        this.retries++;
      }
    }
  }

  close(): void {
    this.socket.disconnect();
  }
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
