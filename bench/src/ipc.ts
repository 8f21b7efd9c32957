import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';

/** What a child process answers about itself (server and baseline relay alike). */
export interface ProcStats {
  /** process.cpuUsage(), µs. */
  user: number;
  system: number;
  heapUsed: number;
  rss: number;
  external: number;
}

export interface IpcRequest {
  id: number;
  type: string;
  [key: string]: unknown;
}

export type IpcReply =
  { id: number; ok: true; [key: string]: unknown } | { id: number; ok: false; error: string };

let tasksetChecked: boolean | undefined;
/** Whether `taskset` exists and the machine has at least two cores to pin to. */
export function canPin(cores: number): boolean {
  if (tasksetChecked === undefined) {
    try {
      execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
      tasksetChecked = true;
    } catch {
      tasksetChecked = false;
    }
  }
  return tasksetChecked && cores >= 2;
}

/** Pins every thread of this process to one core. */
export function pinSelf(core: number): void {
  execFileSync('taskset', ['-a', '-pc', String(core), String(process.pid)], { stdio: 'ignore' });
}

/** A child node process running a TypeScript file (via tsx), with --expose-gc and IPC. */
export class Child {
  private nextId = 1;
  private readonly pending = new Map<number, (reply: IpcReply) => void>();
  readonly exited: Promise<number | null>;
  private ready: Promise<Record<string, unknown>>;

  private constructor(
    readonly name: string,
    readonly proc: ChildProcess,
  ) {
    let resolveReady: (m: Record<string, unknown>) => void = () => {};
    let rejectReady: (e: Error) => void = () => {};
    this.ready = new Promise((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    proc.on('message', (raw: unknown) => {
      const message = raw as { type?: string; id?: number };
      if (message.type === 'ready') {
        resolveReady(message);
        return;
      }
      if (typeof message.id === 'number') {
        const done = this.pending.get(message.id);
        this.pending.delete(message.id);
        done?.(message as IpcReply);
      }
    });
    this.exited = new Promise((resolve) => {
      proc.on('exit', (code) => {
        rejectReady(new Error(`${name} exited (${String(code)}) before it was ready`));
        for (const done of this.pending.values()) {
          done({ id: 0, ok: false, error: `${name} exited (${String(code)})` });
        }
        this.pending.clear();
        resolve(code);
      });
    });
  }

  /** Starts `file` pinned to `core` (when possible) and waits for its `ready` message. */
  static async start(
    name: string,
    file: string,
    core: number | undefined,
    args: string[] = [],
  ): Promise<{ child: Child; ready: Record<string, unknown> }> {
    // BENCH_PROFILE=<dir>: a V8 CPU profile of the child, written when it exits, sampled
    // every BENCH_PROFILE_INTERVAL µs (250 by default: a command takes a few milliseconds).
    const profile = process.env.BENCH_PROFILE;
    const interval = process.env.BENCH_PROFILE_INTERVAL ?? '250';
    const node = [
      ...(profile
        ? ['--cpu-prof', `--cpu-prof-interval=${interval}`, `--cpu-prof-dir=${profile}/${name}`]
        : []),
      '--expose-gc',
      '--max-old-space-size=4096',
      '--import',
      'tsx',
      file,
      ...args,
    ];
    const [command, argv] =
      core === undefined
        ? [process.execPath, node]
        : ['taskset', ['-c', String(core), process.execPath, ...node]];
    const proc = spawn(command, argv, {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      cwd: process.cwd(),
    });
    const child = new Child(name, proc);
    const ready = await child.ready;
    return { child, ready };
  }

  async request<T extends Record<string, unknown>>(
    type: string,
    payload: Record<string, unknown> = {},
  ): Promise<T> {
    const id = this.nextId++;
    const reply = await new Promise<IpcReply>((resolve) => {
      this.pending.set(id, resolve);
      this.proc.send({ id, type, ...payload });
    });
    if (!reply.ok) throw new Error(`${this.name}: ${type} failed: ${reply.error}`);
    return reply as unknown as T;
  }

  /** cpuUsage and memory; `gc` forces a full collection first (for heap figures). */
  stats(gc = false): Promise<ProcStats> {
    return this.request<ProcStats & Record<string, unknown>>('stats', { gc });
  }

  async stop(): Promise<void> {
    if (this.proc.exitCode !== null) return;
    this.proc.send({ id: 0, type: 'exit' });
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 5000);
    await this.exited;
    clearTimeout(timer);
  }
}

/** The child side: answers `stats` and `exit`, and hands other requests to `handle`. */
export function serveIpc(
  handle: (request: IpcRequest) => Promise<Record<string, unknown>> | Record<string, unknown>,
  onExit: () => Promise<void>,
): void {
  const reply = (message: IpcReply) => process.send?.(message);
  process.on('message', (raw: unknown) => {
    const request = raw as IpcRequest;
    if (request.type === 'exit') {
      void onExit().finally(() => process.exit(0));
      return;
    }
    if (request.type === 'stats') {
      if (request.gc === true && globalThis.gc) {
        globalThis.gc();
        globalThis.gc();
      }
      const cpu = process.cpuUsage();
      const mem = process.memoryUsage();
      reply({
        id: request.id,
        ok: true,
        user: cpu.user,
        system: cpu.system,
        heapUsed: mem.heapUsed,
        rss: mem.rss,
        external: mem.external + mem.arrayBuffers,
      });
      return;
    }
    Promise.resolve()
      .then(() => handle(request))
      .then(
        (result) => reply({ id: request.id, ok: true, ...result }),
        (error: unknown) => reply({ id: request.id, ok: false, error: String(error) }),
      );
  });
  process.on('disconnect', () => {
    void onExit().finally(() => process.exit(0));
  });
  // The parent died while this child was still starting (before it listened for that).
  if (!process.connected) void onExit().finally(() => process.exit(0));
}

export function cpuMicros(a: ProcStats, b: ProcStats): number {
  return b.user - a.user + (b.system - a.system);
}
