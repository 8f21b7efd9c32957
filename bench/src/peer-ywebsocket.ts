// Peer: the stock y-websocket server (@y/websocket-server 0.1.1, the last on Yjs 13) in its
// own process, set up as its bin (src/server.js) does: an HTTP server whose upgrades go to a
// `ws` server in noServer mode, each connection handed to `setupWSConnection` (document
// from the path, no persistence, no callback). The one difference: `ws` is the bench's
// ws 8 (as the relay's and Fateboard's), not the optional ws 6 its bin would load.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import { setupWSConnection } from '@y/websocket-server/utils';
import { serveIpc } from './ipc';

const wss = new WebSocketServer({ noServer: true });
const server = createServer((_request, response) => {
  response.writeHead(200, { 'Content-Type': 'text/plain' });
  response.end('okay');
});
wss.on('connection', setupWSConnection);
server.on('upgrade', (request, socket, head) => {
  wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

serveIpc(
  () => ({ connections: wss.clients.size }),
  async () => {
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  },
);

process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port, pid: process.pid });
