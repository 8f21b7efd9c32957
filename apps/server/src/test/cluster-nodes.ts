import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from './local-binaries';
import { LEASE_TIMINGS } from '../cluster/leases';

// Fateboard nodes as real processes (`node --import tsx src/main.ts`, as scripts/cluster.ts
// starts them), for the tests that kill, stop and restart them (cluster/failover-*.test.ts).
// Each node has its own port, NODE_ID and DATA_DIR; they share the PostgreSQL and the Redis they
// are given. Their lease is the server's default (4000 ms, renewed every second): LEASE_MS below.
//
// Quiet (LOG_LEVEL=error) unless DEBUG_SERVER is set; then at info, every line shown, prefixed
// with the node's name. Either way each node keeps its last lines for `output()`, which a test
// prints when it fails.

/** The servers' default lease TTL (cluster/leases.ts's LEASE_TIMINGS; LEASE_TTL_MS unset). */
export const LEASE_MS = LEASE_TIMINGS.ttlMs;

const SERVER_DIR = resolve(import.meta.dirname, '../..');
const READY_TIMEOUT_MS = 30_000;
const KEPT_LINES = 200;
const debug = !!process.env.DEBUG_SERVER;

export interface ClusterNode {
  /** Its NODE_ID: `node-1`, `node-2`… */
  readonly name: string;
  readonly port: number;
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** The current process's pid (a restart makes a new one). */
  readonly pid: number;
  /** Whether the current process has not exited. */
  readonly running: boolean;
  /** Sends `signal` (default SIGKILL); for SIGKILL and SIGTERM, resolves once it exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** SIGSTOP: the process keeps its sockets open and answers nothing, as in a long GC pause. */
  stop(): void;
  /** SIGCONT after `stop`. */
  cont(): void;
  /** Resolves once it answers GET /healthz; rejects if it exits first or takes 30 s. */
  ready(timeoutMs?: number): Promise<void>;
  /** Kills it (SIGKILL) if it runs, starts it again on the same port and DATA_DIR, waits ready. */
  restart(): Promise<void>;
  /** Its last lines of output, newest last. */
  output(): string[];
  /** Every line it wrote to stdout (its log: JSON lines), newest last, across restarts. */
  stdout(): string[];
}

export interface ClusterNodes {
  readonly nodes: ClusterNode[];
  /** Every node's last lines, for a failed test's report. */
  output(): string;
  /** Kills every node (SIGKILL: a test's nodes keep nothing worth a clean shutdown). */
  close(): Promise<void>;
}

export interface ClusterNodesOptions {
  count: number;
  databaseUrl: string;
  redisUrl: string;
  /** Extra environment of every node. */
  env?: Record<string, string>;
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function exited(child: ChildProcess): Promise<void> {
  if (hasExited(child)) return Promise.resolve();
  return new Promise((done) => child.once('exit', () => done()));
}

// ── Cleanup if the test process dies ────────────────────────────────────────────────────────
// A normal end closes the nodes (`close`). An 'exit' handler kills what is left when the
// process exits without it (a failed hook); a detached shell watches this process and kills the
// nodes it lists in a file when the process is gone without any handler running (vitest ending
// its worker with SIGKILL), then deletes their directories.

const everyChild = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of everyChild) {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }
});

const quote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

function watchdog(dir: string, pidFile: string): ChildProcess {
  const script =
    `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ` +
    `p=$(cat ${quote(pidFile)} 2>/dev/null); ` +
    `if [ -n "$p" ]; then kill -CONT $p 2>/dev/null; kill -KILL $p 2>/dev/null; fi; ` +
    `sleep 1; rm -rf ${quote(dir)}`;
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.unref();
  return child;
}

// ── One node ────────────────────────────────────────────────────────────────────────────────

class NodeProcess implements ClusterNode {
  private child!: ChildProcess;
  private readonly lines: string[] = [];
  private readonly stdoutLines: string[] = [];
  private closed = false;

  constructor(
    readonly name: string,
    public port: number,
    private readonly dataDir: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly changed: () => void,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get running(): boolean {
    return !hasExited(this.child);
  }

  spawn(): void {
    // tsx as a loader, not its CLI (which would run the server as a child of its own): the
    // pid is the server's, so that SIGSTOP stops the server itself.
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    everyChild.add(child);
    child.once('exit', (code, signal) => {
      everyChild.delete(child);
      this.keep(`[harness] exited (${signal ?? `code ${code}`})`);
    });
    for (const stream of [child.stdout, child.stderr]) {
      if (!stream) continue;
      createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        this.keep(line);
        if (stream === child.stdout) this.stdoutLines.push(line);
      });
    }
    this.changed();
  }

  private keep(line: string): void {
    this.lines.push(line);
    if (this.lines.length > KEPT_LINES) this.lines.shift();
    if (debug) process.stderr.write(`${this.name.padEnd(7)} | ${line}\n`);
  }

  output(): string[] {
    return [...this.lines];
  }

  stdout(): string[] {
    return [...this.stdoutLines];
  }

  async ready(timeoutMs = READY_TIMEOUT_MS): Promise<void> {
    const child = this.child;
    const deadline = performance.now() + timeoutMs;
    while (performance.now() < deadline) {
      if (hasExited(child)) {
        throw new Error(`${this.name} exited before it was ready:\n${this.lines.join('\n')}`);
      }
      try {
        const response = await fetch(`${this.url}/healthz`, { signal: AbortSignal.timeout(1000) });
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await sleep(50);
    }
    throw new Error(`${this.name} did not answer /healthz within ${timeoutMs} ms`);
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (hasExited(child)) return;
    // A stopped process acts on nothing but SIGKILL until it is continued.
    if (signal === 'SIGTERM' || signal === 'SIGINT') child.kill('SIGCONT');
    child.kill(signal);
    if (signal === 'SIGKILL' || signal === 'SIGTERM' || signal === 'SIGINT') await exited(child);
  }

  stop(): void {
    if (this.running) this.child.kill('SIGSTOP');
  }

  cont(): void {
    if (this.running) this.child.kill('SIGCONT');
  }

  async restart(): Promise<void> {
    if (this.closed) throw new Error(`${this.name} is closed`);
    await this.kill('SIGKILL');
    this.keep('[harness] restarting');
    this.spawn();
    await this.ready();
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.kill('SIGKILL');
  }
}

/**
 * Starts `count` nodes sharing `databaseUrl` (one database of startPostgres's) and `redisUrl`,
 * each on a free port, and resolves once every one answers /healthz.
 */
export async function startClusterNodes(options: ClusterNodesOptions): Promise<ClusterNodes> {
  const dir = mkdtempSync(join(tmpdir(), 'fateboard-nodes-'));
  const pidFile = join(dir, 'pids');
  const guard = watchdog(dir, pidFile);
  const nodes: NodeProcess[] = [];
  const notePids = () =>
    writeFileSync(pidFile, nodes.map((n) => (n.pid > 0 ? String(n.pid) : '')).join(' '));
  const { PUBLIC_URL: _publicUrl, CLIENT_DIR: _clientDir, ...inherited } = process.env;
  const base: NodeJS.ProcessEnv = {
    ...inherited,
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    REDIS_URL: options.redisUrl,
    LOG_LEVEL: debug ? 'info' : 'error',
    ...options.env,
  };

  const start = async (i: number): Promise<NodeProcess> => {
    const name = `node-${i + 1}`;
    const dataDir = join(dir, name);
    mkdirSync(dataDir);
    // The free port may be taken before the node binds it: then another one.
    for (let attempt = 1; ; attempt++) {
      const node = new NodeProcess(
        name,
        await freePort(),
        dataDir,
        { ...base, NODE_ID: name, DATA_DIR: dataDir },
        notePids,
      );
      nodes[i] = node;
      node.spawn();
      try {
        await node.ready();
        return node;
      } catch (error) {
        await node.close();
        const taken = node.output().some((line) => line.includes('EADDRINUSE'));
        if (!taken || attempt >= 3) throw error;
      }
    }
  };

  const close = async () => {
    await Promise.all(nodes.map((n) => n?.close()));
    guard.kill();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(Array.from({ length: options.count }, (_, i) => start(i)));
  } catch (error) {
    await close();
    throw error;
  }
  return {
    nodes,
    output: () =>
      nodes
        .map((n) =>
          n
            .output()
            .map((line) => `${n.name} | ${line}`)
            .join('\n'),
        )
        .join('\n'),
    close,
  };
}
