import { deflateSync } from 'node:zlib';

// PNG files written byte by byte, for the picture door's tests, the end-to-end uploads and the
// bench's attacks: a real picture (`pngPicture`) or one whose header lies (`bombPng`).

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(data.length + 12);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc(body), data.length + 8);
  return out;
}

/**
 * A PNG of 8-bit samples whose header says `width`×`height` and `colourType` (0 grey, 2 RGB)
 * and whose one IDAT chunk is `idat` (deflated rows, each with its filter byte), as given:
 * nothing checks that the two agree.
 */
export function pngFile(width: number, height: number, colourType: 0 | 2, idat: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, colourType, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header says `w`×`h` and whose data is a few bytes: a decompression bomb. */
export function bombPng(w: number, h: number): Uint8Array {
  // Rows of zeroes compress a thousandfold: a few KiB would inflate to gigabytes.
  return new Uint8Array(pngFile(w, h, 0, deflateSync(Buffer.alloc(1024 * 1024), { level: 9 })));
}

/**
 * A real grey PNG of `width`×`height`, all one shade: it decodes in full (every pixel is
 * there) while the file stays a few kilobytes per megapixel, so the costliest picture the
 * door allows (50 million pixels) is cheap to send and dear to decode.
 */
export function plainPng(width: number, height: number, shade = 128): Buffer {
  const row = Buffer.alloc(width + 1, shade);
  row[0] = 0;
  const rows = Buffer.alloc(row.length * height);
  for (let y = 0; y < height; y++) row.copy(rows, y * row.length);
  return pngFile(width, height, 0, deflateSync(rows, { level: 9 }));
}

/**
 * A real RGB PNG of `width`×`height` to upload as a picture: diagonal bands of two colours
 * (so that a screenshot shows which picture is which) and a light border.
 */
export function pngPicture(
  width: number,
  height: number,
  a: [number, number, number],
  b: [number, number, number],
): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const edge = x < 4 || y < 4 || x >= width - 4 || y >= height - 4;
      const colour = edge ? [240, 240, 230] : Math.floor((x + y) / 24) % 2 ? a : b;
      rows.set(colour, y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  return pngFile(width, height, 2, deflateSync(rows));
}
