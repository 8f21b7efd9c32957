import { WebSocket } from 'ws';
import { until as waitFor } from './support';

// A socket.io connection spoken by hand (bad-input.test.ts): engine.io's frames written as
// text on a bare WebSocket, so that a test can send what no socket.io client would.

/** engine.io + socket.io spoken by hand, to send what no socket.io client would. */
export class RawSocketIo {
  readonly received: string[] = [];
  closed = false;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => this.received.push(data.toString()));
    ws.on('close', () => {
      this.closed = true;
    });
    ws.on('error', () => {
      this.closed = true;
    });
  }

  static async open(url: string, token: string): Promise<RawSocketIo> {
    const ws = new WebSocket(`${url.replace('http', 'ws')}/socket.io/?EIO=4&transport=websocket`);
    const raw = new RawSocketIo(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await waitFor(() => raw.received.some((m) => m.startsWith('0')), 'the engine.io open');
    ws.send(`40${JSON.stringify({ token })}`);
    await waitFor(() => raw.received.some((m) => m.startsWith('40')), 'the socket.io connect');
    return raw;
  }

  send(frame: string | Buffer): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame);
  }

  close(): void {
    this.ws.terminate();
  }
}
