import { Redis } from 'ioredis';
import type { Log } from '../logger';

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
      retryStrategy: (times: number) => Math.min(50 * times, 1000),
    };
    this.pub = new Redis(url, options);
    // The subscriber queues its SUBSCRIBEs until connected, and subscribes again on reconnect.
    this.sub = new Redis(url, { ...options, enableOfflineQueue: true });
    this.pub.on('error', () => {});
    this.sub.on('error', () => {});
    let connectedOnce = false;
    this.sub.on('ready', () => {
      // Messages published while this node was cut off are lost: its receivers repair.
      if (connectedOnce) for (const listener of [...this.reconnectListeners]) listener();
      connectedOnce = true;
    });
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
    try {
      // NX: the window's expiry is set by its first count only (Redis 7).
      const [[, count]] = (await this.pub
        .multi()
        .incr(key)
        .pexpire(key, windowMs, 'NX')
        .exec()) as [[unknown, number]];
      return count;
    } catch {
      this.failed();
      return undefined;
    }
  }

  /** Listens on `channel`; resolves once Redis confirmed it (never rejects). */
  async subscribe(channel: string, handler: (message: unknown) => void): Promise<void> {
    this.handlers.set(channel, handler);
    try {
      await this.sub.subscribe(channel);
    } catch (error) {
      this.log('subscribing to a cluster channel failed', error);
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

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
export const fromBase64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));
