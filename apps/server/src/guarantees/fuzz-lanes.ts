import { createHash } from 'node:crypto';
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { readGm, readTable } from '@fateboard/table';
import type { Ack } from '@fateboard/table';
import { RawYjs, sleep } from '../test/harness';
import type { KnownIds } from './fuzz-commands';
import { readStored } from './stored';
import { until } from './support';

// The fuzzer's connections: socket.io spoken by hand (so that a command is exactly the JSON
// text generated, deep nesting and `__proto__` keys included) and raw y-websocket lanes.

/** What a command got: its acknowledgement, the connection closed, or no answer in time. */
export type Answer = Ack | 'closed' | 'no-answer';

/** One socket.io connection over engine.io's websocket transport, with acknowledgements. */
export class RawIo {
  closed = false;
  private nextAck = 0;
  private readonly pending = new Map<number, (answer: Answer) => void>();
  private lastSend = 0;
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => this.onFrame(data.toString()));
    const close = () => {
      this.closed = true;
      for (const resolve of this.pending.values()) resolve('closed');
      this.pending.clear();
    };
    ws.on('close', close);
    ws.on('error', close);
  }

  /** Connects with `token`; rejects if the handshake is refused. */
  static async open(url: string, token: string): Promise<RawIo> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
    const io = new RawIo(ws);
    let connected: boolean | undefined;
    ws.on('message', (data: Buffer) => {
      const text = data.toString();
      if (text.startsWith('0')) ws.send(`40${JSON.stringify({ token })}`);
      else if (text.startsWith('40')) connected = true;
      else if (text.startsWith('44')) connected = false;
    });
    await until(() => connected !== undefined || io.closed, 'the socket.io connect', 10_000);
    if (!connected) {
      io.close();
      throw new Error('socket.io refused the connection');
    }
    return io;
  }

  private onFrame(text: string): void {
    if (text === '2')
      this.ws.send('3'); // engine.io ping
    else if (text.startsWith('41')) this.ws.close();
    const ack = /^43(\d+)\[(.*)\]$/s.exec(text);
    if (ack) {
      this.pending.get(Number(ack[1]))?.(JSON.parse(ack[2]!) as Ack);
      this.pending.delete(Number(ack[1]));
    }
  }

  /** Sends `["command", <text>]` with an acknowledgement id, at most 16 a second. */
  async command(text: string, timeoutMs = 10_000): Promise<Answer> {
    const wait = this.lastSend + 60 - Date.now();
    if (wait > 0) await sleep(wait);
    this.lastSend = Date.now();
    if (this.closed) return 'closed';
    const id = this.nextAck++;
    return new Promise<Answer>((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve('no-answer');
      }, timeoutMs);
      this.pending.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      this.ws.send(`42${id}["command",${text}]`);
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

/**
 * A y-websocket connection reopened whenever the server closes it; counts the close codes.
 * `stall` makes the client stop reading after its message, as a hostile or hung client does:
 * it never answers the server's close frame, so the server keeps the connection (and what it
 * said) until its close timeout.
 */
export class YjsLane {
  private raw: RawYjs | undefined;
  private readonly stalled: RawYjs[] = [];
  constructor(
    private readonly url: () => string,
    readonly docName: string,
    readonly token: string,
    private readonly closes: Map<string, number>,
  ) {}

  async send(data: Uint8Array | string, stall = false): Promise<void> {
    if (this.raw?.closed) {
      const code = String(this.raw.closed.code);
      this.closes.set(code, (this.closes.get(code) ?? 0) + 1);
      this.raw = undefined;
    }
    this.raw ??= await RawYjs.open(this.url(), this.docName, this.token);
    if (this.raw.ws.readyState === this.raw.ws.OPEN) this.raw.ws.send(data);
    if (stall) {
      this.raw.ws.pause();
      this.stalled.push(this.raw);
      this.raw = undefined;
    }
  }

  /** Ends the stalled connections (the server would, after its close timeout). */
  unstall(): void {
    for (const raw of this.stalled.splice(0)) raw.ws.terminate();
  }

  close(): void {
    this.unstall();
    this.raw?.ws.terminate();
    this.raw = undefined;
  }
}

/** The ids a command may name on a table, read from its stored documents. */
export function knownIds(dataDir: string, tableId: string): KnownIds {
  const stored = readStored(dataDir, tableId);
  const view = readTable(stored.pub);
  const gm = readGm(stored.gm);
  return {
    characters: view.characters.map((c) => c.id),
    aspects: [...view.aspects.map((a) => a.id), 'hc', 'tr', 'body'],
    rolls: view.rolls.map((r) => r.id),
    compels: view.compels.map((c) => c.id),
    declarations: view.declarations.map((d) => d.id),
    hidden: gm.hidden.map((h) => h.id),
    notes: gm.notes.map((n) => n.id),
    slots: ['mild', 'moderate', 'severe', 'extreme'],
    skills: ['fight', 'athletics', 'will', 'physique'],
    tracks: ['physical', 'mental'],
    owners: ['gm', ...view.seats.map((s) => s.id)],
  };
}

/** What must not change on the control table: its command rows and both documents' bytes. */
export function fingerprint(dataDir: string, tableId: string): Record<string, unknown> {
  const stored = readStored(dataDir, tableId);
  const bytes = (doc: Y.Doc) =>
    createHash('sha256').update(Y.encodeStateAsUpdate(doc)).digest('hex');
  return {
    commands: stored.commands.map((c) => `${c.seq} ${c.type}`),
    pub: bytes(stored.pub),
    gm: bytes(stored.gm),
  };
}
