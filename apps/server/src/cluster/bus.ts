import { Redis } from 'ioredis';
import type { Log } from '../ops/logger';
import type { Reservation } from './shared-counts';

/** How long a Redis command of the bus waits for its answer, and a connection for Redis. */
export const REDIS_ANSWER_MS = 1000;
/** How often the bus asks whether Redis answers, and how long an answer may take. */
const PROBE_EVERY_MS = 500;
const PROBE_SLOW_MS = 500;
/** A JSON message's first byte. */
const OPEN_BRACE = 0x7b;

/**
 * The nodes' messages to each other over Redis pub/sub: one connection publishes, one
 * listens (a subscribed Redis connection can do nothing else). Pub/sub delivers at most once
 * and in order per publisher; what may be lost is repaired by the receivers (a table's updates
 * carry its seq, see cluster.ts). A message is JSON, or bytes (a Uint8Array) that its
 * receiver reads itself: a batch's updates travel as a binary frame (update-frame.ts).
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
    // What one turn sends (a batch's publishes for each of its tables, forwarded answers)
    // goes out in one socket write: a write is a system call, the largest part of a publish.
    this.pub = new Redis(url, { ...options, enableAutoPipelining: true });
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
    this.sub.on('messageBuffer', (channel: Buffer, bytes: Buffer) => {
      const handler = this.handlers.get(channel.toString());
      if (!handler) return;
      let message: unknown = bytes;
      // JSON begins with `{`; anything else is handed on as bytes, for the handler to read.
      if (bytes[0] === OPEN_BRACE) {
        try {
          message = JSON.parse(bytes.toString('utf8')) as unknown;
        } catch (error) {
          this.log('a malformed cluster message', error);
          return;
        }
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
   * Sends to every node listening on `channel` (bytes as they are, anything else as JSON);
   * answers how many were (Redis counts them),
   * `unsent` when it was never sent (no connection to Redis), or undefined when it was sent
   * and no answer came (the connection broke, or Redis did not answer in time): maybe delivered.
   */
  async publish(channel: string, message: unknown): Promise<number | 'unsent' | undefined> {
    const payload =
      message instanceof Uint8Array
        ? Buffer.from(message.buffer, message.byteOffset, message.byteLength)
        : JSON.stringify(message);
    if (this.pub.status !== 'ready') {
      this.failed();
      return 'unsent';
    }
    try {
      return await this.pub.publish(channel, payload);
    } catch {
      this.failed();
      return undefined;
    }
  }

  /**
   * Adds `amount` under `key` in a window of `windowMs` from its first count, and answers the
   * count and the window's time left; undefined when Redis cannot be asked (the caller's own
   * limit holds then).
   */
  async reserve(key: string, amount: number, windowMs: number): Promise<Reservation | undefined> {
    // Known away: not asked, so that a command does not wait a second for an answer that will
    // not come (the writer goes on storing its own clients' commands while Redis is away).
    if (!this.reachable) return undefined;
    try {
      const [count, ttlMs] = (await this.pub.eval(RESERVE_SCRIPT, 1, key, windowMs, amount)) as [
        number,
        number,
      ];
      return { count: Number(count), ttlMs: Number(ttlMs) };
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
 * One reservation in one command: INCRBY, and the window's expiry set by its first count only
 * (NX, Redis 7), atomically; with the time the window has left (shared-counts.ts).
 */
const RESERVE_SCRIPT = `local n = redis.call('INCRBY', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'NX')
return {n, redis.call('PTTL', KEYS[1])}`;

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
export const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));
