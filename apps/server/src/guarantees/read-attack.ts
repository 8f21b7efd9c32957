// The readers' attack of guarantee 9, in a process of its own so that the test's event loop
// (which times the victim's commands) does not also parse what the attackers receive.
// Usage: read-attack.ts <ws url of the document> <connections> <ms> <requests/s> <burst>
// Prints one JSON line: the bytes the attackers received.
import * as encoding from 'lib0/encoding';
import { WebSocket } from 'ws';

const [url, connections, ms, rate, burst] = process.argv.slice(2);
if (!url || !connections || !ms || !rate || !burst) throw new Error('usage: see the header');

/** Sync step 1 with the state vector {999999: 0}: a replica that shares nothing. */
function madeUpSyncStep1(): Uint8Array {
  const sv = encoding.createEncoder();
  encoding.writeVarUint(sv, 1);
  encoding.writeVarUint(sv, 999_999);
  encoding.writeVarUint(sv, 0);
  const e = encoding.createEncoder();
  encoding.writeVarUint(e, 0);
  encoding.writeVarUint(e, 0);
  encoding.writeVarUint8Array(e, encoding.toUint8Array(sv));
  return encoding.toUint8Array(e);
}

const frame = madeUpSyncStep1();
let received = 0;
const sockets = await Promise.all(
  Array.from(
    { length: Number(connections) },
    () =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(url);
        ws.on('message', (data: Buffer) => {
          received += data.length;
        });
        ws.once('open', () => resolve(ws));
        ws.once('error', reject);
      }),
  ),
);
console.log('ATTACKING');
// Each connection spends its burst at once, then keeps pace with its own rate limit.
for (const ws of sockets) for (let i = 0; i < Number(burst); i++) ws.send(frame);
const pace = setInterval(
  () => {
    for (const ws of sockets) ws.send(frame);
  },
  1000 / Number(rate),
);
await new Promise((r) => setTimeout(r, Number(ms)));
clearInterval(pace);
for (const ws of sockets) ws.terminate();
console.log(JSON.stringify({ received }));
