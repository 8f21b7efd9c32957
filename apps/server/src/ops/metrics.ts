import { performance } from 'node:perf_hooks';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Ack, Role } from '@fateboard/table';
import { COMMAND_TYPES } from '@fateboard/table';
import type { LiveConnection } from '../socketio/connections';
import type { Storage } from '../storage';

/** What the gauges read at each scrape: nothing is counted twice or kept in step by hand. */
export interface MetricsSources {
  connections: () => Iterable<Pick<LiveConnection, 'role' | 'transport'>>;
  loadedTables: () => number;
  /** Whether each service the node depends on answers (readiness.ts), by name. */
  services?: () => Record<string, 'ok' | 'unreachable'>;
}

const KNOWN_TYPES = new Set<string>(COMMAND_TYPES);
const ROLES: readonly Role[] = ['gm', 'player', 'spectator'];
const TRANSPORTS: readonly LiveConnection['transport'][] = ['socket.io', 'yjs'];
/** How long one scrape's text answers the scrapes after it. */
export const SCRAPE_REUSE_MS = 1000;

/**
 * The figures an operator watches, in Prometheus's text format at `/metrics` (prom-client).
 * One registry per server, not prom-client's global one, so that servers side by side in one
 * process (the tests, the benchmarks) keep their own counts. Labels come from closed sets (the
 * command types, the refusal codes the server writes, the roles), never from what a client
 * typed: a command named at random is counted as `unknown`, so a hostile client cannot grow
 * the registry.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly commands: Counter<'type' | 'outcome'>;
  private readonly refusals: Counter<'code'>;
  private readonly commitSeconds: Histogram<'outcome'>;
  private readonly batchCommands: Histogram;
  private readonly fanoutSeconds: Histogram;
  private readonly fanoutReceivers: Counter;
  private readonly storageErrors: Counter<'operation'>;
  private readonly leaseChanges: Counter<'change' | 'reason'>;
  private readonly forwards: Counter<'outcome'>;
  private readonly redisErrors: Counter<'operation'>;

  private last: { at: number; text: Promise<string> } | undefined;

  /** The node's name goes on every series once it is known (`registry.setDefaultLabels`). */
  constructor(
    sources: MetricsSources,
    /** ms; the server's clock. */
    private readonly clock: () => number = Date.now,
  ) {
    const registers = [this.registry];
    // The process's own figures, read at each scrape. Not prom-client's default metrics: their
    // event-loop delay monitor wakes the process every 10 ms and their GC observer runs on
    // every collection, which cost a command about a tenth more CPU at 50 spectators
    // (BENCHMARKS.md). The event loop's utilisation says as much and costs nothing between scrapes.
    let lastLoop = performance.eventLoopUtilization();
    new Gauge({
      name: 'fateboard_event_loop_utilization',
      help: 'Share of the time since the last scrape the event loop was busy (0 to 1).',
      registers,
      collect() {
        const now = performance.eventLoopUtilization();
        this.set(performance.eventLoopUtilization(now, lastLoop).utilization);
        lastLoop = now;
      },
    });
    new Gauge({
      name: 'fateboard_process_cpu_seconds',
      help: 'CPU time the process has used, user and system, in seconds.',
      registers,
      collect() {
        const { user, system } = process.cpuUsage();
        this.set((user + system) / 1e6);
      },
    });
    new Gauge({
      name: 'fateboard_process_memory_bytes',
      help: 'Memory of the process: resident set, and the V8 heap in use.',
      labelNames: ['kind'],
      registers,
      collect() {
        const { rss, heapUsed } = process.memoryUsage();
        this.set({ kind: 'resident' }, rss);
        this.set({ kind: 'heap' }, heapUsed);
      },
    });

    new Gauge({
      name: 'fateboard_connections',
      help: 'Open connections by role and transport (socket.io commands, y-websocket documents).',
      labelNames: ['role', 'transport'],
      registers,
      collect() {
        this.reset();
        for (const role of ROLES)
          for (const transport of TRANSPORTS) this.set({ role, transport }, 0);
        for (const c of sources.connections()) this.inc({ role: c.role, transport: c.transport });
      },
    });
    new Gauge({
      name: 'fateboard_service_up',
      help: 'Whether a service this node depends on answers (1) or not (0): PostgreSQL, Redis.',
      labelNames: ['service'],
      registers,
      collect() {
        this.reset();
        for (const [service, state] of Object.entries(sources.services?.() ?? {})) {
          this.set({ service }, state === 'ok' ? 1 : 0);
        }
      },
    });
    new Gauge({
      name: 'fateboard_tables_loaded',
      help: 'Tables whose documents this node holds in memory.',
      registers,
      collect() {
        this.set(sources.loadedTables());
      },
    });
    this.commands = new Counter({
      name: 'fateboard_commands_total',
      help: 'Commands answered, by type and outcome (applied or refused).',
      labelNames: ['type', 'outcome'],
      registers,
    });
    this.refusals = new Counter({
      name: 'fateboard_command_refusals_total',
      help: 'Refused commands by the code their sender was told.',
      labelNames: ['code'],
      registers,
    });
    this.commitSeconds = new Histogram({
      name: 'fateboard_commit_seconds',
      help: 'One group commit: applying its commands and the storage transaction with its fsync.',
      labelNames: ['outcome'],
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1],
      registers,
    });
    this.batchCommands = new Histogram({
      name: 'fateboard_commit_batch_commands',
      help: 'Commands stored by one group commit (one transaction, one fsync).',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128],
      registers,
    });
    this.fanoutSeconds = new Histogram({
      name: 'fateboard_fanout_seconds',
      help: "Writing one broadcast (a batch's updates, framed once) to a document's connections.",
      buckets: [0.00005, 0.0001, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.05, 0.1],
      registers,
    });
    this.fanoutReceivers = new Counter({
      name: 'fateboard_fanout_writes_total',
      help: 'Socket writes made by broadcasts (one per receiver per broadcast).',
      registers,
    });
    this.storageErrors = new Counter({
      name: 'fateboard_storage_errors_total',
      help: 'Storage calls that threw, by the Storage method (commit is the group commit); each is refused or retried.',
      labelNames: ['operation'],
      registers,
    });
    this.leaseChanges = new Counter({
      name: 'fateboard_lease_changes_total',
      help: "Cluster mode: tables' write leases this node acquired (reason new) or lost (released, refused, expired, fenced).",
      labelNames: ['change', 'reason'],
      registers,
    });
    this.forwards = new Counter({
      name: 'fateboard_forwarded_commands_total',
      help: "Cluster mode: commands this node forwarded to a table's writer, by its answer.",
      labelNames: ['outcome'],
      registers,
    });
    this.redisErrors = new Counter({
      name: 'fateboard_redis_errors_total',
      help: 'Cluster mode: Redis calls that failed (publish), by what they were for.',
      labelNames: ['operation'],
      registers,
    });
  }

  /** Cluster mode's figures (cluster/cluster.ts reports them). */
  lease(change: 'acquired' | 'lost', reason: string): void {
    this.leaseChanges.inc({ change, reason });
  }

  forwarded(ack: Ack): void {
    this.forwards.inc({ outcome: ack.ok ? 'applied' : 'refused' });
  }

  redisError(operation: 'publish'): void {
    this.redisErrors.inc({ operation });
  }

  /** A storage call outside the `Storage` methods failed (cluster mode's lease statements). */
  storageError(operation: 'leases'): void {
    this.storageErrors.inc({ operation });
  }

  /** A command was answered. `type` is what the client sent, known or not. */
  command(type: unknown, ack: Ack): void {
    const name = typeof type === 'string' && KNOWN_TYPES.has(type) ? type : 'unknown';
    this.commands.inc({ type: name, outcome: ack.ok ? 'applied' : 'refused' });
    if (!ack.ok) this.refusals.inc({ code: ack.code });
  }

  commit(seconds: number, commands: number, ok: boolean): void {
    this.commitSeconds.observe({ outcome: ok ? 'committed' : 'failed' }, seconds);
    if (ok) this.batchCommands.observe(commands);
  }

  fanout(seconds: number, writes: number): void {
    this.fanoutSeconds.observe(seconds);
    this.fanoutReceivers.inc(writes);
  }

  /**
   * The same storage, counting every call that throws by its method's name (a closed set):
   * SQLite's full disk and PostgreSQL's lost connection alike, wherever the server calls it.
   */
  countErrors(storage: Storage): Storage {
    const counted = { ...storage };
    for (const key of Object.keys(storage) as (keyof Storage)[]) {
      const method = storage[key];
      if (typeof method !== 'function') continue;
      const errors = this.storageErrors;
      Object.assign(counted, {
        async [key](...args: unknown[]) {
          try {
            return await (method as (...a: unknown[]) => Promise<unknown>).apply(storage, args);
          } catch (error) {
            errors.inc({ operation: key });
            throw error;
          }
        },
      });
    }
    return counted;
  }

  /**
   * The text a Prometheus scrape reads. `/metrics` may be open to anyone, and a scrape walks
   * every connection: scrapes within `SCRAPE_REUSE_MS` of the last one get its text, so a flood
   * of requests costs what one scrape a second does (Prometheus scrapes every 15 s or so).
   */
  text(): Promise<string> {
    const now = this.clock();
    if (this.last && now - this.last.at < SCRAPE_REUSE_MS) return this.last.text;
    const text = this.registry.metrics();
    this.last = { at: now, text };
    // A failed collection is not kept for the next scrape.
    text.catch(() => {
      if (this.last?.text === text) this.last = undefined;
    });
    return text;
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
