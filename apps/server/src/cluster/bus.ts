import { Redis } from 'ioredis';
import type { Log } from '../ops/logger';

/** How long a Redis command of the bus waits for its answer, and a connection for Redis. */
export const REDIS_ANSWER_MS = 1000;
/** How often the bus asks whether Redis answers, and how long an answer may take. */
const PROBE_EVERY_MS = 500;
const PROBE_SLOW_MS = 500;

/**
 * The nodes' messages to each other over Redis pub/sub: one connection publishes, one
 * listens (a subscribed Redis connection can do nothing else). Pub/sub delivers at most once
 * and in order per publisher; what may be lost is repaired by the receivers (a table's updates
 * carry its seq, see cluster.ts). Messages are JSON; bytes travel as base64.
 */
export class Bus {
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers = new Map<string, (message: unknown) => void>();
  private readonly reconnectListeners = new Set<() => void>();
  /** A PING every PROBE_EVERY_MS: whether Redis answers (`reachable`). */
  private readonly probe = { ok: true, sentAt: 0, inFlight: false };
  private readonly probeTimer: NodeJS.Timeout;

  constructor(
    url: string,
    private readonly log: Log,
    /** Counts a publish Redis could not take (the metrics). */
    private readonly failed: () => void = () => {},
  ) {
    const options = {
      // Not connected: fail at once (a publish is best effort, a forward has its own timeout).
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Connected and unanswered (Redis paused, packets dropped): given up, not waited for.
      commandTimeout: REDIS_ANSWER_MS,
      connectTimeout: REDIS_ANSWER_MS,
      retryStrategy: (times: number) => Math.min(50 * times, 1000),
    };
    this.pub = new Redis(url, options);
    // The subscriber queues its SUBSCRIBEs until connected, and subscribes again on reconnect.
    const { commandTimeout: _unbounded, ...subOptions } = options;
    this.sub = new Redis(url, { ...subOptions, enableOfflineQueue: true });
    this.pub.on('error', () => {});
    this.sub.on('error', () => {});
    let connectedOnce = false;
    this.sub.on('ready', () => {
      // Messages published while this node was cut off are lost: its receivers repair.
      if (connectedOnce) for (const listener of [...this.reconnectListeners]) listener();
      connectedOnce = true;
    });
    this.probeTimer = setInterval(() => void this.ping(), PROBE_EVERY_MS);
    this.probeTimer.unref();
    this.sub.on('message', (channel: string, text: string) => {
      const handler = this.handlers.get(channel);
      if (!handler) return;
      let message: unknown;
      try {
        message = JSON.parse(text) as unknown;
      } catch (error) {
        this.log('a malformed cluster message', error);
        return;
      }
      try {
        handler(message);
      } catch (error) {
        this.log('handling a cluster message failed', error);
      }
    });
  }

  /**
   * Whether Redis answers: both connections are up, the last PING was answered, and none has
   * waited longer than PROBE_SLOW_MS.
   */
  get reachable(): boolean {
    if (this.pub.status !== 'ready' || this.sub.status !== 'ready') return false;
    const { ok, sentAt, inFlight } = this.probe;
    return ok && !(inFlight && performance.now() - sentAt > PROBE_SLOW_MS);
  }

  private async ping(): Promise<void> {
    if (this.probe.inFlight) return;
    this.probe.inFlight = true;
    this.probe.sentAt = performance.now();
    try {
      await this.pub.ping();
      this.probe.ok = true;
    } catch {
      this.probe.ok = false;
    } finally {
      this.probe.inFlight = false;
    }
  }

  /** Resolves once both connections are up (the cluster's start waits for Redis). */
  async ready(): Promise<void> {
    await Promise.all([this.pub, this.sub].map((redis) => waitReady(redis)));
  }

  /**
   * Sends to every node listening on `channel`; answers how many were (Redis counts them),
   * `unsent` when it was never sent (no connection to Redis), or undefined when it was sent
   * and no answer came (the connection broke, or Redis did not answer in time): maybe delivered.
   */
  async publish(channel: string, message: unknown): Promise<number | 'unsent' | undefined> {
    if (this.pub.status !== 'ready') {
      this.failed();
      return 'unsent';
    }
    try {
      return await this.pub.publish(channel, JSON.stringify(message));
    } catch {
      this.failed();
      return undefined;
    }
  }

  /**
   * Counts one more under `key` in a window of `windowMs` from its first count, and answers
   * the count; undefined when Redis cannot be asked (the caller's own limit holds then).
   */
  async count(key: string, windowMs: number): Promise<number | undefined> {
    // Known away: not asked, so that a command does not wait a second for an answer that will
    // not come (the writer goes on storing its own clients' commands while Redis is away).
    if (!this.reachable) return undefined;
    try {
      return Number(await this.pub.eval(COUNT_SCRIPT, 1, key, windowMs));
    } catch {
      this.failed();
      return undefined;
    }
  }

  /**
   * Listens on `channel`; resolves once Redis confirmed it, or after REDIS_ANSWER_MS without
   * (Redis unreachable: the subscription is made when it is back, and the node's tables then
   * catch up, see `onReconnect`). Never rejects.
   */
  async subscribe(channel: string, handler: (message: unknown) => void): Promise<void> {
    this.handlers.set(channel, handler);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, REDIS_ANSWER_MS)));
    try {
      await Promise.race([this.sub.subscribe(channel), waited]);
    } catch (error) {
      this.log('subscribing to a cluster channel failed', error);
    } finally {
      clearTimeout(timer);
    }
  }

  unsubscribe(channel: string): void {
    if (!this.handlers.delete(channel)) return;
    this.sub.unsubscribe(channel).catch(() => {});
  }

  /** Called after the listening connection came back: what was sent meanwhile is lost. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  async close(): Promise<void> {
    clearInterval(this.probeTimer);
    this.handlers.clear();
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
    this.pub.disconnect();
    this.sub.disconnect();
  }
}

function waitReady(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => redis.once('ready', () => resolve()));
}

/**
 * One count in one command: INCR, and the window's expiry set by its first count only (NX,
 * Redis 7), atomically as MULTI would, but one command instead of four: every command a
 * client sends is counted twice (its principal, its address), so this is on the command path.
 */
const COUNT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'NX')
return n`;

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
export const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));
