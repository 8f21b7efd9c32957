import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { readGm, readTable } from '@fateboard/table';
import { openSqliteFile } from '../storage';

// y-websocket clients of the test server (a real provider, and a raw connection that records
// every frame), and the stored documents to compare replicas with (harness.ts re-exports them).

/** A y-websocket replica of one document, read-only like every client of ours. */
export class Replica {
  readonly doc = new Y.Doc();
  readonly provider: WebsocketProvider;
  closeEvents: { code: number; reason: string }[] = [];

  /** `params`: more of the URL's query (a stream overlay's `view: 'overlay'`). */
  constructor(url: string, name: string, token: string, params: Record<string, string> = {}) {
    this.provider = new WebsocketProvider(`${url.replace(/^http/, 'ws')}/yjs`, name, this.doc, {
      params: { ...params, token },
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      disableBc: true,
      maxBackoffTime: 200,
    });
    this.provider.on('connection-close', (event: unknown) => {
      const e = event as { code: number; reason: string } | null;
      if (e) this.closeEvents.push({ code: e.code, reason: e.reason });
    });
  }

  synced(timeoutMs = 5000): Promise<void> {
    if (this.provider.synced) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('replica did not sync')), timeoutMs);
      this.provider.once('sync', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  destroy(): void {
    this.provider.destroy();
    this.doc.destroy();
  }
}

/** A replica, synced within `timeoutMs` (or destroyed and the wait rejected). */
export async function openReplica(
  url: string,
  name: string,
  token: string,
  timeoutMs?: number,
  params?: Record<string, string>,
): Promise<Replica> {
  const replica = new Replica(url, name, token, params);
  try {
    await replica.synced(timeoutMs);
  } catch (error) {
    replica.destroy();
    throw error;
  }
  return replica;
}

/** The table's documents as SQLite holds them (a second connection to the same file). */
export function storedDocs(
  dataDir: string,
  tableId: string,
): { pub: Y.Doc; gm: Y.Doc; seq: number } {
  const storage = openSqliteFile(dataDir);
  try {
    const stored = storage.loadDocuments(tableId);
    const load = (key: 'pub' | 'gm') => {
      const doc = new Y.Doc();
      const { snapshot, updates } = stored.docs[key];
      for (const u of snapshot ? [snapshot, ...updates] : updates) Y.applyUpdate(doc, u);
      return doc;
    };
    return { pub: load('pub'), gm: load('gm'), seq: stored.seq };
  } finally {
    storage.close();
  }
}

/** Two public documents are identical when their state vectors and their contents are. */
export function samePub(a: Y.Doc, b: Y.Doc): boolean {
  return (
    Buffer.from(Y.encodeStateVector(a)).equals(Buffer.from(Y.encodeStateVector(b))) &&
    JSON.stringify(readTable(a)) === JSON.stringify(readTable(b))
  );
}

export function sameGm(a: Y.Doc, b: Y.Doc): boolean {
  return (
    Buffer.from(Y.encodeStateVector(a)).equals(Buffer.from(Y.encodeStateVector(b))) &&
    JSON.stringify(readGm(a)) === JSON.stringify(readGm(b))
  );
}

/**
 * A y-websocket message as a client writes it, for a raw connection to send: each number a
 * varuint (the message type, the sync step), each byte array length-prefixed (an update, a
 * state vector, an awareness update).
 */
export function yjsMessage(...parts: (number | Uint8Array)[]): Uint8Array {
  const e = encoding.createEncoder();
  for (const p of parts) {
    if (typeof p === 'number') encoding.writeVarUint(e, p);
    else encoding.writeVarUint8Array(e, p);
  }
  return encoding.toUint8Array(e);
}

/** A raw y-websocket connection that records every frame it receives. */
export class RawYjs {
  readonly frames: Uint8Array[] = [];
  closed: { code: number; reason: string } | undefined;
  private barriers = 0;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => this.frames.push(new Uint8Array(data)));
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  static open(url: string, docName: string, token: string): Promise<RawYjs> {
    const ws = new WebSocket(
      `${url.replace(/^http/, 'ws')}/yjs/${docName}?token=${encodeURIComponent(token)}`,
    );
    const raw = new RawYjs(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(raw));
      ws.once('error', reject);
    });
  }

  send(bytes: Uint8Array): void {
    this.ws.send(bytes);
  }

  /**
   * Resolves once the server has handled every frame this connection sent before, and every
   * frame it had written to this connection by then has arrived: a ping, which the server's
   * ws answers when it reads it, after running the handlers of the frames before it, and
   * whose pong follows on the same socket whatever the server sent before. Unlike an
   * awareness query it is not rate-limited (a test may have spent the connection's limit) and
   * adds no frame. Use it instead of a sleep before asserting that something did not arrive.
   * A connection that is or gets closed passes the barrier too: nothing more can arrive.
   */
  barrier(timeoutMs = 5000): Promise<void> {
    if (this.ws.readyState !== WebSocket.OPEN) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const payload = Buffer.from(`barrier-${++this.barriers}`);
      const done = () => {
        clearTimeout(timer);
        this.ws.off('pong', onPong);
        this.ws.off('close', onClose);
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error('no answer to the barrier'));
      }, timeoutMs);
      const onPong = (data: Buffer) => {
        if (!data.equals(payload)) return;
        done();
        resolve();
      };
      const onClose = () => {
        done();
        resolve();
      };
      this.ws.on('pong', onPong);
      this.ws.on('close', onClose);
      this.ws.ping(payload);
    });
  }

  bytesReceived(): number {
    return this.frames.reduce((n, f) => n + f.length, 0);
  }

  close(): void {
    this.ws.close();
  }
}
