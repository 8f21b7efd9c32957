// The baseline: a bare `ws` relay in its own process. A sender connects to /send, receivers
// to /recv. Each binary message from the sender is acknowledged with one byte, then sent as
// is (one buffer, no re-encoding) to every receiver: the same order of work as the table
// server (ack, then broadcast), without parsing, rules, Yjs or storage.
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { AddressInfo } from 'node:net';
import { serveIpc } from './ipc';

const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
const receivers = new Set<WebSocket>();
const ACK = Buffer.from([0xff]);

wss.on('connection', (ws, req) => {
  if (req.url === '/recv') {
    receivers.add(ws);
    ws.on('close', () => receivers.delete(ws));
    return;
  }
  ws.on('message', (data, isBinary) => {
    if (!isBinary) return;
    ws.send(ACK, { binary: true });
    for (const r of receivers) r.send(data, { binary: true });
  });
});

await new Promise<void>((resolve) => wss.once('listening', () => resolve()));

serveIpc(
  () => ({ receivers: receivers.size }),
  async () => {
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  },
);

process.send?.({ type: 'ready', port: (wss.address() as AddressInfo).port, pid: process.pid });
