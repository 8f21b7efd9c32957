// How the load process speaks to the two peers with raw frames (no provider: receivers must
// be cheap enough for 2,000 of them in one process).
//
// y-websocket (@y/websocket-server): [0 sync][step][...], as Fateboard's document channel.
// Hocuspocus (@hocuspocus/server 4.7, read from its src/): every frame starts with the
// document name (a varString), then its own message type; a connection must send an auth
// message ([name][2 auth][0 token][token]) before anything else for that document is
// handled (the rest is queued until then). An update is acknowledged to its writer with
// [name][8 sync status][1 applied]; broadcasts are [name][0 sync][2 update][update].
import * as encoding from 'lib0/encoding';
import type { ReceiverProtocol } from './clients';
import { Y_WEBSOCKET, syncStep1 } from './clients';

// @hocuspocus/server src/types.ts MessageType, @hocuspocus/common src/auth.ts AuthMessageType.
const HP_SYNC = 0;
const HP_AUTH = 2;
const HP_QUERY_AWARENESS = 3;
const HP_SYNC_STATUS = 8;
const AUTH_TOKEN = 0;
const AUTH_PERMISSION_DENIED = 1;
// y-protocols/sync
const SYNC_UPDATE = 2;

export interface PeerProtocol {
  receiver: ReceiverProtocol;
  /** A Yjs update framed as a client sends it. */
  update(update: Uint8Array): Uint8Array;
  /** Whether `data` acknowledges the writer's oldest update, and whether it was applied. */
  ack?(data: Buffer): boolean | undefined;
  /**
   * A frame that keeps an idle connection open. Hocuspocus closes a connection that sent
   * nothing for its `timeout` (60 s); a real provider's awareness keeps it open. Query
   * awareness is the cheapest frame it accepts: on a connection it handles it and answers
   * nothing. Every receiver sends one before each round, outside the measured time.
   */
  keepalive?: Uint8Array;
}

function frame(write: (e: encoding.Encoder) => void): Uint8Array {
  const e = encoding.createEncoder();
  write(e);
  return encoding.toUint8Array(e);
}

export const Y_WEBSOCKET_PEER: PeerProtocol = {
  receiver: Y_WEBSOCKET,
  update: (update) =>
    frame((e) => {
      encoding.writeVarUint(e, 0);
      encoding.writeVarUint(e, SYNC_UPDATE);
      encoding.writeVarUint8Array(e, update);
    }),
};

export function hocuspocusPeer(documentName: string): PeerProtocol {
  const name = frame((e) => encoding.writeVarString(e, documentName));
  const named = (write: (e: encoding.Encoder) => void) =>
    frame((e) => {
      encoding.writeUint8Array(e, name);
      write(e);
    });
  const at = name.length;
  return {
    receiver: {
      offset: at,
      hello: (stateVector) => [
        // No onAuthenticate hook is configured: any token (here the empty one) is accepted.
        named((e) => {
          encoding.writeVarUint(e, HP_AUTH);
          encoding.writeVarUint(e, AUTH_TOKEN);
          encoding.writeVarString(e, '');
        }),
        named((e) => encoding.writeUint8Array(e, syncStep1(stateVector))),
      ],
      refusal: (data) =>
        data[at] === HP_AUTH && data[at + 1] === AUTH_PERMISSION_DENIED
          ? 'permission denied'
          : undefined,
    },
    update: (update) =>
      named((e) => {
        encoding.writeVarUint(e, HP_SYNC);
        encoding.writeVarUint(e, SYNC_UPDATE);
        encoding.writeVarUint8Array(e, update);
      }),
    ack: (data) => (data[at] === HP_SYNC_STATUS ? data[at + 1] === 1 : undefined),
    keepalive: named((e) => encoding.writeVarUint(e, HP_QUERY_AWARENESS)),
  };
}
