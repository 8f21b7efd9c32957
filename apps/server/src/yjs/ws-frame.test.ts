import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import * as wsModule from 'ws';
import { WebSocket, WebSocketServer } from 'ws';
import { binaryFrame } from './ws-frame';

// Every length class of RFC 6455 §5.2: 7-bit, 16-bit (126..65535) and 64-bit (65536 and up).
const SIZES = [0, 1, 125, 126, 127, 65535, 65536, 70_000];

// ws's own framer, which ws exports but its type definitions do not declare.
const { Sender } = wsModule as unknown as {
  Sender: { frame(data: Buffer, options: Record<string, unknown>): Buffer[] };
};

const payload = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + n) & 0xff);

describe('binaryFrame', () => {
  it('frames exactly as ws does for an unmasked binary message', () => {
    for (const n of SIZES) {
      const data = payload(n);
      const theirs = Sender.frame(Buffer.from(data), {
        fin: true,
        opcode: 2,
        mask: false,
        readOnly: false,
        rsv1: false,
      });
      expect(binaryFrame(data), `length ${n}`).toEqual(Buffer.concat(theirs));
    }
  });

  let close: (() => void) | undefined;
  afterEach(() => close?.());

  it('is read by a real ws client, several frames written as one buffer', async () => {
    const http = createServer();
    const wss = new WebSocketServer({ noServer: true, perMessageDeflate: false });
    const sockets: Duplex[] = [];
    http.on('upgrade', (req, socket, head) => {
      wss.handleUpgrade(req, socket, head, () => sockets.push(socket));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    close = () => {
      wss.close();
      http.close();
    };
    const { port } = http.address() as AddressInfo;
    const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
    const got: Buffer[] = [];
    const all = new Promise<void>((resolve) => {
      client.on('message', (data: Buffer, isBinary) => {
        expect(isBinary).toBe(true);
        got.push(data);
        if (got.length === SIZES.length) resolve();
      });
    });
    await new Promise((resolve) => client.once('open', resolve));
    await new Promise<void>((resolve) => {
      const wait = () => (sockets.length > 0 ? resolve() : setTimeout(wait, 5));
      wait();
    });
    sockets[0]!.write(Buffer.concat(SIZES.map((n) => binaryFrame(payload(n)))));
    await all;
    expect(got.map((b) => b.length)).toEqual(SIZES);
    SIZES.forEach((n, i) => expect(new Uint8Array(got[i]!)).toEqual(payload(n)));
    client.terminate();
  });
});
