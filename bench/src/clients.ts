import { performance } from 'node:perf_hooks';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { WebSocket } from 'ws';
import * as encoding from 'lib0/encoding';

// y-websocket message types and sync steps (y-protocols/sync).
const MESSAGE_SYNC = 0;
const SYNC_STEP1 = 0;
const SYNC_STEP2 = 1;
const SYNC_UPDATE = 2;

/**
 * Which of a round's messages an update frame carries (`at`: where its y-websocket message
 * starts). For a server that may merge several updates into one broadcast (Hocuspocus);
 * without it, a receiver's n-th update frame of the round is message n's.
 */
export type SlotsOf = (frame: Buffer, at: number) => { first: number; count: number } | undefined;

/** Where the fan-out rounds record arrivals: one slot per command, shared by every receiver. */
export class ArrivalLog {
  lastArrival: Float64Array;
  count: Int32Array;
  constructor(
    readonly size: number,
    readonly slotsOf?: SlotsOf,
  ) {
    this.lastArrival = new Float64Array(size);
    this.count = new Int32Array(size);
  }

  arrived(n: number, now: number): void {
    if (n >= this.size) return;
    if (now > this.lastArrival[n]!) this.lastArrival[n] = now;
    this.count[n]!++;
  }
}

export function syncStep1(stateVector: Uint8Array = new Uint8Array([0])): Uint8Array {
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, MESSAGE_SYNC);
  encoding.writeVarUint(e, SYNC_STEP1);
  encoding.writeVarUint8Array(e, stateVector);
  return encoding.toUint8Array(e);
}

/**
 * How a receiver speaks to its server: the frames it sends once the socket is open, and
 * where the y-websocket message starts in each frame it gets (Hocuspocus puts the document
 * name first). No hello frames: a bare relay's receiver, ready as soon as it is open.
 */
export interface ReceiverProtocol {
  hello(stateVector?: Uint8Array): Uint8Array[];
  offset: number;
  /** Why the server refused this receiver, read from a frame that is not a sync message. */
  refusal?(data: Buffer): string | undefined;
}

export const Y_WEBSOCKET: ReceiverProtocol = { hello: (sv) => [syncStep1(sv)], offset: 0 };
export const BARE_RELAY: ReceiverProtocol = { hello: () => [], offset: 0 };

/**
 * A lightweight read-only replica: a raw `ws` client speaking the y-websocket protocol (or
 * another server's framing of it, `protocol`). It sends sync step 1, waits for sync step 2,
 * then counts update frames. It keeps no Y.Doc, so thousands fit in one process;
 * `keepFrames` keeps the frames for size measurements; `onOther` sees every frame that is
 * neither an update nor the first sync step 2 (a writer's acknowledgements).
 */
export class Receiver {
  ws: WebSocket | undefined;
  syncedAt = 0;
  step2Bytes = 0;
  step2: Uint8Array | undefined;
  updates = 0;
  frames: Uint8Array[] = [];
  /** Set during a fan-out round: the n-th update since `mark` is command n's. */
  log: ArrivalLog | undefined;
  private mark = 0;
  private onSynced: (() => void) | undefined;
  private readonly protocol: ReceiverProtocol;

  constructor(
    readonly url: string,
    readonly options: {
      keepFrames?: boolean;
      keepStep2?: boolean;
      protocol?: ReceiverProtocol;
      onOther?: (data: Buffer) => void;
    } = {},
  ) {
    this.protocol = options.protocol ?? Y_WEBSOCKET;
  }

  get keepFrames(): boolean {
    return this.options.keepFrames === true;
  }

  /** Opens, sends the protocol's hello (sync step 1 with `stateVector`), resolves once synced. */
  connect(stateVector?: Uint8Array): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(this.url, { perMessageDeflate: false });
      this.ws = ws;
      this.syncedAt = 0;
      ws.binaryType = 'nodebuffer';
      const fail = (error: Error) => reject(error);
      ws.once('error', fail);
      ws.once('close', (code, reason) => {
        if (this.syncedAt === 0)
          reject(new Error(`closed before sync: ${code} ${reason.toString()}`));
      });
      ws.once('open', () => {
        const hello = this.protocol.hello(stateVector);
        for (const frame of hello) ws.send(frame);
        if (hello.length === 0) {
          this.syncedAt = performance.now();
          this.onSynced?.();
        }
      });
      this.onSynced = () => {
        ws.off('error', fail);
        ws.on('error', () => {});
        resolve();
      };
      ws.on('message', (data: Buffer) => {
        if (this.syncedAt === 0) {
          const refused = this.protocol.refusal?.(data);
          if (refused !== undefined) {
            reject(new Error(`refused: ${refused}`));
            ws.terminate();
            return;
          }
        }
        this.onMessage(data);
      });
    });
  }

  private onMessage(data: Buffer): void {
    const now = performance.now();
    const at = this.protocol.offset;
    const step = data[at] === MESSAGE_SYNC ? data[at + 1] : undefined;
    if (step === SYNC_UPDATE) {
      const log = this.log;
      if (log?.slotsOf) {
        const slots = log.slotsOf(data, at);
        if (slots)
          for (let n = slots.first; n < slots.first + slots.count; n++) log.arrived(n, now);
      } else if (log) {
        log.arrived(this.updates - this.mark, now);
      }
      this.updates++;
      if (this.keepFrames) this.frames.push(new Uint8Array(data));
    } else if (step === SYNC_STEP2 && this.syncedAt === 0) {
      this.syncedAt = now;
      this.step2Bytes = data.length;
      if (this.options.keepStep2) this.step2 = new Uint8Array(data);
      this.onSynced?.();
    } else {
      this.options.onOther?.(data);
    }
  }

  /** Starts counting a round's updates from now. */
  startRound(log: ArrivalLog | undefined): void {
    this.mark = this.updates;
    this.log = log;
  }

  close(): Promise<void> {
    const ws = this.ws;
    if (!ws || ws.readyState === ws.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      ws.once('close', () => resolve());
      ws.terminate();
    });
  }
}

/** Runs `jobs` with at most `limit` in flight. */
export async function inBatches<T>(
  items: readonly T[],
  limit: number,
  job: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await job(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export interface Ack {
  ok: boolean;
  seq?: number;
  result?: Record<string, unknown>;
  code?: string;
  message?: string;
}

/** A GM or player over socket.io: commands with acknowledgements. */
export class Participant {
  private ids = 0;
  constructor(
    readonly socket: Socket,
    readonly name: string,
  ) {}

  /** `localAddress`: the loopback address to connect from (the server budgets per address). */
  static connect(
    baseUrl: string,
    token: string,
    name: string,
    localAddress?: string,
  ): Promise<Participant> {
    return new Promise((resolve, reject) => {
      const socket = io(baseUrl, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...(localAddress === undefined ? {} : { localAddress }),
      } as Parameters<typeof io>[1]);
      socket.once('connect', () => resolve(new Participant(socket, name)));
      socket.once('connect_error', (error) => {
        socket.close();
        reject(error);
      });
    });
  }

  nextId(): string {
    return `${this.name}-${++this.ids}-${Math.random().toString(36).slice(2, 8)}`;
  }

  /** Sends without waiting; `onAck` runs with the acknowledgement. */
  emit(command: Record<string, unknown>, onAck: (ack: Ack) => void): void {
    this.socket.emit('command', { id: this.nextId(), ...command }, onAck);
  }

  send(command: Record<string, unknown>): Promise<Ack> {
    return new Promise((resolve) => this.emit(command, resolve));
  }

  async ok(command: Record<string, unknown>): Promise<Ack> {
    const ack = await this.send(command);
    if (!ack.ok) {
      throw new Error(`${String(command.type)} refused: ${ack.code ?? ''} ${ack.message ?? ''}`);
    }
    return ack;
  }

  close(): void {
    this.socket.disconnect();
  }
}

export interface CreatedTable {
  id: string;
  tokens: { gm: string; player: string; spectator: string };
}

export async function createTable(baseUrl: string, name: string): Promise<CreatedTable> {
  const response = await fetch(`${baseUrl}/api/tables`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, ruleset: 'fate-core' }),
  });
  const body = (await response.json()) as { id: string; links: Record<string, string> };
  if (response.status !== 201) throw new Error(`create table: ${response.status}`);
  const token = (link: string | undefined) => new URL(link ?? '').hash.replace(/^#token=/, '');
  return {
    id: body.id,
    tokens: {
      gm: token(body.links.gm),
      player: token(body.links.player),
      spectator: token(body.links.spectator),
    },
  };
}

export function docUrl(baseUrl: string, tableId: string, token: string): string {
  return `${baseUrl.replace(/^http/, 'ws')}/yjs/table/${tableId}?token=${token}`;
}
