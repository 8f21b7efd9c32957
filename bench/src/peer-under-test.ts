// Hocuspocus and the stock y-websocket server as servers under test: one document, a writer
// (whose own connection is the probe, as Fateboard's GM replica is) and six players and the
// spectators as raw receivers, all speaking the peer's protocol (peer-protocol.ts).
import { performance } from 'node:perf_hooks';
import { Receiver } from './clients';
import { addReceivers } from './fanout';
import type { Child } from './ipc';
import type { CommandKind } from './open-loop';
import { openLoop } from './open-loop';
import type { PeerProtocol } from './peer-protocol';
import { Y_WEBSOCKET_PEER, hocuspocusPeer } from './peer-protocol';
import { PeerWriter } from './peer-writer';
import { sleep } from './stats';
import { roundSlots } from './update-slots';
import type { ServerUnderTest } from './under-test';
import { LABEL, TABLE_RECEIVERS } from './under-test';

const DOCUMENT = 'fanout';

export async function peerUnderTest(
  kind: 'hocuspocus' | 'ywebsocket',
  base: string,
  proc: Child,
): Promise<ServerUnderTest> {
  const protocol: PeerProtocol =
    kind === 'hocuspocus' ? hocuspocusPeer(DOCUMENT) : Y_WEBSOCKET_PEER;
  // y-websocket takes the document from the path; Hocuspocus from each frame.
  const url = `${base.replace(/^http/, 'ws')}/${DOCUMENT}`;
  const writer = new PeerWriter();
  // Hocuspocus acknowledges every update to its writer in order (sync status); y-websocket
  // does not acknowledge at all.
  const waiting: ((ok: boolean) => void)[] = [];
  const probe = new Receiver(url, {
    protocol: protocol.receiver,
    keepFrames: true,
    onOther: (data) => {
      const ok = protocol.ack?.(data);
      if (ok !== undefined) waiting.shift()?.(ok);
    },
  });
  await probe.connect();

  // The starting state, sent by the writer; its own echo says the server has it.
  const echoed = probe.updates + 1;
  if (protocol.ack) waiting.push(() => {});
  probe.ws!.send(protocol.update(writer.initial()));
  const deadline = performance.now() + 5000;
  while (probe.updates < echoed && performance.now() < deadline) await sleep(5);
  if (probe.updates < echoed) throw new Error(`${LABEL[kind]}: the starting state never came back`);

  const receivers = [probe];
  const options = { protocol: protocol.receiver };
  await addReceivers(receivers, TABLE_RECEIVERS - 1, () => url, options);

  return {
    kind,
    proc,
    receivers,
    grow: (n) =>
      addReceivers(receivers, n - (receivers.length - TABLE_RECEIVERS), () => url, options),
    async round(plan) {
      const keepalive = protocol.keepalive;
      if (keepalive) {
        for (const r of receivers) r.ws?.send(keepalive);
        await sleep(300);
      }
      // The round's updates are made before it starts: the load's Yjs work stays off the
      // measured path (Fateboard's GM only sends a small JSON command).
      const total = plan.warm + plan.measured;
      const changes: { kind: CommandKind; frame: Uint8Array }[] = [];
      const dt = Math.round(1000 / plan.rateHz);
      for (let k = 0; k < total; k++) {
        const c = writer.change(dt);
        changes.push({ kind: c.kind, frame: protocol.update(c.update) });
      }
      return openLoop(
        plan,
        receivers,
        proc,
        (k, acked) => {
          const c = changes[k]!;
          if (protocol.ack) waiting.push((ok) => acked(ok, `${c.kind}: not applied`));
          probe.ws!.send(c.frame);
          return c.kind;
        },
        {
          acks: protocol.ack !== undefined,
          slotsOf: roundSlots(
            changes.map((c) => c.frame),
            protocol.receiver.offset,
          ),
        },
      );
    },
    close: () => Promise.all(receivers.map((r) => r.close())).then(() => undefined),
  };
}
