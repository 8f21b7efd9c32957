import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { expect } from 'vitest';
import { yjsMessage } from './replicas';
import type { RawYjs } from './replicas';

// Awareness as a hostile client writes it (yjs/awareness.test.ts): a y-websocket awareness
// frame by hand, what a raw connection was sent, and a WebSocket that never reads again.

/** A y-websocket awareness message speaking for one client id with a JSON state. */
export function awarenessFrame(clientId: number, clock: number, json: string): Uint8Array {
  const update = encoding.createEncoder();
  encoding.writeVarUint(update, 1);
  encoding.writeVarUint(update, clientId);
  encoding.writeVarUint(update, clock);
  encoding.writeVarString(update, json);
  return yjsMessage(1, encoding.toUint8Array(update));
}

/** The awareness states a raw connection has been sent, by client id (latest wins). */
export function awarenessSeen(raw: RawYjs): Map<number, unknown> {
  const states = new Map<number, unknown>();
  for (const frame of raw.frames) {
    const d = decoding.createDecoder(frame);
    if (decoding.readVarUint(d) !== 1) continue;
    const u = decoding.createDecoder(decoding.readVarUint8Array(d));
    const count = decoding.readVarUint(u);
    for (let i = 0; i < count; i++) {
      const id = decoding.readVarUint(u);
      decoding.readVarUint(u);
      states.set(id, JSON.parse(decoding.readVarString(u)));
    }
  }
  return states;
}

/**
 * A WebSocket client written by hand on a TCP socket: it sends one masked binary frame and
 * then never reads or answers anything, not even the server's close frame.
 */
export async function rawSocketSending(
  url: string,
  path: string,
  payload: Uint8Array,
): Promise<Socket> {
  const { hostname: host, port } = new URL(url);
  const socket = connect(Number(port), host === 'localhost' ? '127.0.0.1' : host);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(
    `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\n` +
      `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n` +
      'Sec-WebSocket-Version: 13\r\n\r\n',
  );
  await new Promise<void>((resolve) =>
    socket.once('data', (chunk: Buffer) => {
      expect(chunk.toString('latin1')).toMatch(/^HTTP\/1.1 101/);
      resolve();
    }),
  );
  const mask = randomBytes(4);
  const header =
    payload.length < 126
      ? Buffer.from([0x82, 0x80 | payload.length])
      : Buffer.from([0x82, 0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  const body = Buffer.from(payload.map((b, i) => b ^ mask[i % 4]!));
  socket.write(Buffer.concat([header, mask, body]));
  socket.pause(); // reads nothing more: the close frame goes unanswered
  return socket;
}
