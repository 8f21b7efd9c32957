import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_LIMITS, readTable } from '@fateboard/table';
import type { Participant } from '../test/harness';
import {
  TestServer,
  api,
  connectSocket,
  createTable,
  openReplica,
  tokenOfLink,
  waitFor,
} from '../test/harness';
import { validSheet } from '../test/sheets';
import { bombPng } from '../test/png';
import type { CreatedTable } from '../test/harness';

/**
 * The picture door over real HTTP on a real SQLite file: an upload is decoded, made again and
 * stored with the table, served by hash under the table's access rules; bad pictures, callers
 * without the right and floods are refused and store nothing; decoding leaves the event loop
 * to the other tables.
 */

let server: TestServer;
let table: CreatedTable;
let gm: Participant;
let ann: Participant;
let annToken: string;
let annCharacter: string;
let bobCharacter: string;

beforeAll(async () => {
  server = await TestServer.start({ limits: { imageBurst: 40, imagesPerMinute: 600 } });
  table = await createTable(server.url, 'fate-core', 'Pictures');
  gm = await connectSocket(server.url, table.tokens.gm, 'gm');
  ann = await connectSocket(server.url, table.tokens.player, 'ann');
  const join = {
    type: 'join',
    name: 'Ann',
    secret: 'ann-secret-0123456789abcdefghijkl',
  };
  annToken = ((await ann.ok(join)).result as { seatToken: string }).seatToken;
  annCharacter = (
    (await ann.ok({ type: 'character.create', character: validSheet('fate-core', 'Vex') }))
      .result as { characterId: string }
  ).characterId;
  bobCharacter = (
    (await gm.ok({ type: 'character.create', character: validSheet('fate-core', 'Orrin') }))
      .result as { characterId: string }
  ).characterId;
}, 30_000);

afterAll(async () => {
  gm.close();
  ann.close();
  await server.stop();
});

/** A picture of `w`×`h` pixels with some detail, in `format`. */
async function picture(w: number, h: number, format: 'png' | 'jpeg' | 'webp' = 'png') {
  const noise = Buffer.alloc(64 * 64 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  return new Uint8Array(
    await sharp(noise, { raw: { width: 64, height: 64, channels: 3 } })
      .resize(w, h, { kernel: 'nearest' })
      .withMetadata({ exif: { IFD0: { Copyright: 'secret GPS place' } } })
      .toFormat(format)
      .toBuffer(),
  );
}

type Query = { kind: string; character?: string };
/** An upload's answer: the stored picture, or the refusal's code. */
interface Uploaded {
  hash: string;
  width: number;
  height: number;
  variants: string[];
  code?: string;
}
async function upload(
  bytes: Uint8Array,
  query: Query,
  token: string | null = table.tokens.gm,
  type = 'image/png',
) {
  const params = new URLSearchParams(query as Record<string, string>).toString();
  const response = await fetch(`${server.url}/api/tables/${table.id}/images?${params}`, {
    method: 'POST',
    headers: {
      'content-type': type,
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: bytes,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Uploaded };
}

async function read(hash: string, token: string | undefined, size?: string) {
  const response = await fetch(
    `${server.url}/api/tables/${table.id}/images/${hash}${size ? `?size=${size}` : ''}`,
    { headers: token ? { authorization: `Bearer ${token}` } : {} },
  );
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

function imageRows(): number {
  const db = new Database(join(server.dataDir, 'fateboard.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM images').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

const usage = async () =>
  (await api(server.url, `/api/tables/${table.id}/usage`, { token: table.tokens.gm })).body
    .bytes as number;

describe('POST /api/tables/:id/images', () => {
  it('stores a map made again as WebP without metadata, with smaller copies, counted', async () => {
    const before = await usage();
    const bytes = await picture(5000, 2500, 'jpeg');
    const res = await upload(bytes, { kind: 'map' }, table.tokens.gm, 'image/jpeg');
    expect(res.status).toBe(201);
    const { hash } = res.body;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect([res.body.width, res.body.height]).toEqual([4096, 2048]);
    expect(res.body.variants).toEqual(['full', 'medium', 'small']);

    const full = await read(hash, table.tokens.gm);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    expect(full.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(createHash('sha256').update(full.bytes).digest('hex')).toBe(hash);
    const meta = await sharp(full.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(full.bytes).includes('secret GPS')).toBe(false);
    const small = await sharp((await read(hash, table.tokens.gm, 'small')).bytes).metadata();
    expect(Math.max(small.width, small.height)).toBe(IMAGE_LIMITS.smallSide);

    const after = await usage();
    expect(after - before).toBeGreaterThan(full.bytes.byteLength);
  }, 30_000);

  it('the same upload twice at once is stored once', async () => {
    const bytes = await picture(600, 400);
    const rows = imageRows();
    const [a, b] = await Promise.all([
      upload(bytes, { kind: 'handout' }),
      upload(bytes, { kind: 'handout' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.hash).toBe(b.body.hash);
    // Full and small (600 is under the medium's side): two rows, once.
    expect(imageRows() - rows).toBe(2);
  });

  it('refuses what is not a picture, a bomb, a huge size, and too large a body', async () => {
    const rows = imageRows();
    const text = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(await upload(text, { kind: 'map' })).toMatchObject({
      status: 415,
      body: { code: 'unsupported-image' },
    });
    const gif = new Uint8Array(
      await sharp(await picture(10, 10))
        .gif()
        .toBuffer(),
    );
    expect((await upload(gif, { kind: 'map' })).status).toBe(415);
    const bomb = bombPng(100_000, 100_000);
    expect(bomb.byteLength).toBeLessThan(10_000);
    expect(await upload(bomb, { kind: 'map' })).toMatchObject({
      status: 422,
      body: { code: 'too-many-pixels' },
    });
    // Within the pixels by its header, and its data a fraction of what it says: cut short.
    expect(await upload(bombPng(6000, 6000), { kind: 'map' })).toMatchObject({
      status: 400,
      body: { code: 'bad-image' },
    });
    const wide = bombPng(1_000_000, 1);
    expect((await upload(wide, { kind: 'map' })).status).toBe(422);
    const cut = await picture(800, 800);
    expect(await upload(cut.subarray(0, cut.length / 2), { kind: 'map' })).toMatchObject({
      status: 400,
      body: { code: 'bad-image' },
    });
    const tooLarge = new Uint8Array(IMAGE_LIMITS.uploadBytes + 1);
    tooLarge.set(await picture(10, 10));
    expect((await upload(tooLarge, { kind: 'map' })).status).toBe(413);
    expect(imageRows()).toBe(rows);
  });

  it('takes the largest allowed file', async () => {
    // Random pixels, stored uncompressed: a PNG just under the limit.
    const side = 1670;
    const noise = Buffer.alloc(side * side * 3);
    let x = 12345;
    for (let i = 0; i < noise.length; i++) noise[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
    const png = await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(IMAGE_LIMITS.uploadBytes - 64 * 1024);
    expect(png.length).toBeLessThanOrEqual(IMAGE_LIMITS.uploadBytes);
    const res = await upload(new Uint8Array(png), { kind: 'handout' });
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([side, side]);
  }, 30_000);

  it('says who may upload what: the GM anything, a player her own portrait only', async () => {
    const face = await picture(300, 300, 'webp');
    expect((await upload(face, { kind: 'map' }, null, 'image/webp')).status).toBe(401);
    expect((await upload(face, { kind: 'map' }, table.tokens.spectator, 'image/webp')).status).toBe(
      403,
    );
    expect((await upload(face, { kind: 'handout' }, annToken, 'image/webp')).status).toBe(403);
    expect(
      (await upload(face, { kind: 'portrait', character: bobCharacter }, annToken, 'image/webp'))
        .status,
    ).toBe(403);
    // The player link before a seat speaks for no one's character.
    expect(
      (
        await upload(
          face,
          { kind: 'portrait', character: annCharacter },
          table.tokens.player,
          'image/webp',
        )
      ).status,
    ).toBe(403);
    expect((await upload(face, { kind: 'poster' })).status).toBe(400);
    // A form's content type never passes: a cross-site form cannot upload.
    expect((await upload(face, { kind: 'map' }, table.tokens.gm, 'text/plain')).status).toBe(415);
    const own = await upload(
      face,
      { kind: 'portrait', character: annCharacter },
      annToken,
      'image/webp',
    );
    expect(own.status).toBe(201);
  });

  it('one person uploading many at once is held to the file slots and their budget', async () => {
    const bytes = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => picture(200 + i, 200)));
    const answers = await Promise.all(bytes.map((b) => upload(b, { kind: 'handout' })));
    const statuses = answers.map((a) => a.status);
    // Two at once per address (filesPerAddress): the others are told to wait.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
  });

  it('decoding leaves the event loop to the other tables', async () => {
    const other = await createTable(server.url, 'fate-core', 'Elsewhere');
    const big = await picture(6000, 6000, 'png');
    let worst = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    const [res, pings] = await Promise.all([
      upload(big, { kind: 'map' }),
      (async () => {
        const times: number[] = [];
        for (let i = 0; i < 5; i++) {
          const t0 = performance.now();
          const r = await api(server.url, `/api/tables/${other.id}`, { token: other.tokens.gm });
          expect(r.status).toBe(200);
          times.push(performance.now() - t0);
        }
        return times;
      })(),
    ]);
    clearInterval(timer);
    expect(res.status).toBe(201);
    const took = performance.now() - started;
    // The test's own process serves the table: its event loop never stalls for the decode.
    expect(Math.max(...pings)).toBeLessThan(Math.max(250, took / 2));
    expect(worst).toBeLessThan(Math.max(250, took / 2));
  }, 60_000);
});

describe('GET /api/tables/:id/images/:hash', () => {
  it('a prepared handout is the GM’s until pushed; a portrait is everyone’s', async () => {
    const poster = await upload(await picture(500, 700), { kind: 'handout' });
    const hash = poster.body.hash;
    const spectator = await openReplica(server.url, `table/${table.id}`, table.tokens.spectator);
    try {
      const { handoutId } = (await gm.ok({ type: 'handout.prepare', image: hash, title: 'Wanted' }))
        .result as { handoutId: string };
      expect((await read(hash, table.tokens.gm)).status).toBe(200);
      expect((await read(hash, annToken)).status).toBe(404);
      expect((await read(hash, table.tokens.spectator)).status).toBe(404);
      expect((await read(hash, undefined)).status).toBe(401);

      await gm.ok({ type: 'handout.push', handoutId });
      await waitFor(
        () => readTable(spectator.doc).handout?.image === hash,
        'the handout on a spectator replica',
      );
      expect((await read(hash, annToken)).status).toBe(200);
      expect((await read(hash, table.tokens.spectator, 'small')).status).toBe(200);

      await gm.ok({ type: 'handout.clear' });
      expect((await read(hash, table.tokens.spectator)).status).toBe(404);
      // The pictures travel by hash only: the documents never hold their bytes.
      expect(JSON.stringify(spectator.doc.toJSON()).length).toBeLessThan(20_000);
    } finally {
      spectator.destroy();
    }

    const face = await upload(
      await picture(320, 320),
      { kind: 'portrait', character: annCharacter },
      annToken,
    );
    expect((await read(face.body.hash, table.tokens.spectator)).status).toBe(404);
    await ann.ok({ type: 'character.portrait', characterId: annCharacter, hash: face.body.hash });
    expect((await read(face.body.hash, table.tokens.spectator)).status).toBe(200);
  });

  it('another table’s token, a bad hash and an unknown one read nothing', async () => {
    const mine = await upload(await picture(100, 90), { kind: 'map' });
    await gm.ok({ type: 'board.map', hash: mine.body.hash });
    const other = await createTable(server.url, 'fate-core', 'Other');
    const response = await fetch(`${server.url}/api/tables/${other.id}/images/${mine.body.hash}`, {
      headers: { authorization: `Bearer ${other.tokens.gm}` },
    });
    expect(response.status).toBe(404);
    expect((await read('not-a-hash', table.tokens.gm)).status).toBe(400);
    expect((await read('f'.repeat(64), table.tokens.gm)).status).toBe(404);
    expect((await read(mine.body.hash, table.tokens.gm, 'huge')).status).toBe(400);
  });
});

describe('pictures in the table file', () => {
  it('export carries the named pictures; restore checks them and serves them again', async () => {
    const map = await upload(await picture(900, 600), { kind: 'map' });
    await gm.ok({ type: 'board.map', hash: map.body.hash });
    const letter = await upload(await picture(300, 420), { kind: 'handout' });
    await gm.ok({ type: 'handout.prepare', image: letter.body.hash, title: 'Letter' });
    const exported = await fetch(`${server.url}/api/tables/${table.id}/export`, {
      headers: { authorization: `Bearer ${table.tokens.gm}` },
    });
    const file = (await exported.json()) as { images: { hash: string; data: string }[] };
    const hashes = file.images.map((i) => i.hash);
    expect(hashes).toContain(map.body.hash);
    expect(hashes).toContain(letter.body.hash);

    const restore = (body: unknown) =>
      api(server.url, '/api/tables/restore', { raw: JSON.stringify(body) });
    const restored = await restore(file);
    expect(restored.status).toBe(201);
    const links = restored.body.links as { gm: string; player: string };
    const gmToken = tokenOfLink(links.gm);
    const id = restored.body.id as string;
    const again = await fetch(`${server.url}/api/tables/${id}/images/${map.body.hash}`, {
      headers: { authorization: `Bearer ${gmToken}` },
    });
    expect(again.status).toBe(200);
    const bytes = new Uint8Array(await again.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(map.body.hash);
    // The prepared handout stays the GM's at the new table too.
    const asPlayer = await fetch(`${server.url}/api/tables/${id}/images/${letter.body.hash}`, {
      headers: { authorization: `Bearer ${tokenOfLink(links.player)}` },
    });
    expect(asPlayer.status).toBe(404);

    // A picture whose bytes are not its name's, or not this server's making: refused whole.
    const rows = imageRows();
    const forged = structuredClone(file);
    const other = Buffer.from(
      await sharp(await picture(64, 64))
        .webp()
        .toBuffer(),
    );
    forged.images[0]!.data = other.toString('base64');
    expect(await restore(forged)).toMatchObject({
      status: 400,
      body: { code: 'bad-table-file' },
    });
    expect(imageRows()).toBe(rows);
  }, 60_000);
});

describe('the picture budget', () => {
  it('is the person’s: past it 429 with Retry-After, nothing stored', async () => {
    const tight = await TestServer.start({
      limits: { imageBurst: 2, imagesPerMinute: 1, filesPerAddress: 10, fileQueue: 10 },
    });
    try {
      const t = await createTable(tight.url, 'fate-core', 'Tight');
      const send = async (token: string, i: number) => {
        const response = await fetch(`${tight.url}/api/tables/${t.id}/images?kind=handout`, {
          method: 'POST',
          headers: { 'content-type': 'image/png', authorization: `Bearer ${token}` },
          body: await picture(40 + i, 40),
        });
        await response.arrayBuffer();
        return { status: response.status, retry: response.headers.get('retry-after') };
      };
      expect((await send(t.tokens.gm, 1)).status).toBe(201);
      expect((await send(t.tokens.gm, 2)).status).toBe(201);
      const third = await send(t.tokens.gm, 3);
      expect(third.status).toBe(429);
      expect(Number(third.retry)).toBeGreaterThan(0);
      // A refused request spent nothing of the table: the rows are the two pictures' alone.
      const db = new Database(join(tight.dataDir, 'fateboard.sqlite'), { readonly: true });
      try {
        const n = (db.prepare('SELECT COUNT(*) AS n FROM images').get() as { n: number }).n;
        expect(n).toBe(2);
      } finally {
        db.close();
      }
    } finally {
      await tight.stop();
    }
  }, 30_000);
});
