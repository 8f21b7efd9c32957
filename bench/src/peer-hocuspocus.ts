// Peer: Hocuspocus (@hocuspocus/server, stock: no extensions, no hooks, default batching and
// timeouts) in its own process. Only what a process needs is set: the port, the loopback
// address, no start screen and no signal handlers (the bench stops it over IPC).
import { Server } from '@hocuspocus/server';
import { serveIpc } from './ipc';

const server = new Server({
  port: 0,
  address: '127.0.0.1',
  quiet: true,
  stopOnSignals: false,
});
await server.listen();

serveIpc(
  () => ({ documents: server.hocuspocus.getDocumentsCount() }),
  () => server.destroy(),
);

process.send?.({ type: 'ready', port: server.address.port, pid: process.pid });
