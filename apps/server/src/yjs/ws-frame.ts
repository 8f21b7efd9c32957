/**
 * WebSocket framing for the y-websocket fan-out (RFC 6455 §5.2). `ws` frames a message again
 * on every `send`: header, cork, two writes, uncork, for each of hundreds of receivers. A
 * broadcast instead frames its bytes once here and writes the very same buffer to every
 * socket. Server-to-client frames are never masked (§5.1) and we send no compressed frames
 * (perMessageDeflate is off), so a frame is a 2-, 4- or 10-byte header and the payload.
 */

const FIN_BINARY = 0x82; // FIN set, opcode 2 (binary)

/** One or more whole binary frames, ready to be written to a socket as they are. */
export type Frames = Buffer;

export function binaryFrame(payload: Uint8Array): Frames {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = FIN_BINARY;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  frame.set(payload, header);
  return frame;
}
