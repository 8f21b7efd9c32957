import { join } from 'node:path';
import { Child } from './src/ipc';
import { setupFanoutTable, fanoutCommand } from './src/fanout';
const { child, ready } = await Child.start(
  's',
  join(import.meta.dirname, 'src/server-process.ts'),
  undefined,
);
const base = `http://127.0.0.1:${String(ready.port)}`;
const t = await setupFanoutTable(base);
for (let i = 0; i < 700; i++) {
  const { kind, from, command } = fanoutCommand(t, t.next++);
  const ack = await from.send(command);
  if (!ack.ok) {
    console.log(i, kind, ack.code, ack.message);
    break;
  }
  if (i % 100 === 0) console.log(i, 'ok', t.probe.updates, t.probe.ws?.readyState);
}
console.log('probe updates', t.probe.updates, 'ws state', t.probe.ws?.readyState);
await child.stop();
process.exit(0);
