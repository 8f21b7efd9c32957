import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_LIMITS } from '@fateboard/table';
import { api, createTable } from '../test/harness';
import { bombPng } from '../test/png';
import { picture, pictureTable } from '../test/picture-table';

/**
 * Uploading a picture over real HTTP on a real SQLite file: an upload is decoded, made again
 * and stored with the table; bad pictures, callers without the right and floods are refused
 * and store nothing; decoding leaves the event loop to the other tables. Reading them back:
 * image-reads.test.ts.
 */

const fx = pictureTable();

describe('POST /api/tables/:id/images', () => {
  it('stores a map made again as WebP without metadata, with smaller copies, counted', async () => {
    const before = await fx.usage();
    const bytes = await picture(5000, 2500, 'jpeg');
    const res = await fx.upload(bytes, { kind: 'map' }, fx.table.tokens.gm, 'image/jpeg');
    expect(res.status).toBe(201);
    const { hash } = res.body;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect([res.body.width, res.body.height]).toEqual([4096, 2048]);
    expect(res.body.variants).toEqual(['full', 'medium', 'small']);

    const full = await fx.read(hash, fx.table.tokens.gm);
    expect(full.status).toBe(200);
    expect(full.headers.get('content-type')).toBe('image/webp');
    expect(full.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
    expect(createHash('sha256').update(full.bytes).digest('hex')).toBe(hash);
    const meta = await sharp(full.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Buffer.from(full.bytes).includes('secret GPS')).toBe(false);
    const small = await sharp((await fx.read(hash, fx.table.tokens.gm, 'small')).bytes).metadata();
    expect(Math.max(small.width, small.height)).toBe(IMAGE_LIMITS.smallSide);

    const after = await fx.usage();
    expect(after - before).toBeGreaterThan(full.bytes.byteLength);
  }, 30_000);

  it('the same upload twice at once is stored once', async () => {
    const bytes = await picture(600, 400);
    const rows = fx.imageRows();
    const [a, b] = await Promise.all([
      fx.upload(bytes, { kind: 'handout' }),
      fx.upload(bytes, { kind: 'handout' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    expect(a.body.hash).toBe(b.body.hash);
    // Full and small (600 is under the medium's side): two rows, once.
    expect(fx.imageRows() - rows).toBe(2);
  });

  it('refuses what is not a picture, a bomb, a huge size, and too large a body', async () => {
    const rows = fx.imageRows();
    const text = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(await fx.upload(text, { kind: 'map' })).toMatchObject({
      status: 415,
      body: { code: 'unsupported-image' },
    });
    const gif = new Uint8Array(
      await sharp(await picture(10, 10))
        .gif()
        .toBuffer(),
    );
    expect((await fx.upload(gif, { kind: 'map' })).status).toBe(415);
    const bomb = bombPng(100_000, 100_000);
    expect(bomb.byteLength).toBeLessThan(10_000);
    expect(await fx.upload(bomb, { kind: 'map' })).toMatchObject({
      status: 422,
      body: { code: 'too-many-pixels' },
    });
    // Within the pixels by its header, and its data a fraction of what it says: cut short.
    expect(await fx.upload(bombPng(6000, 6000), { kind: 'map' })).toMatchObject({
      status: 400,
      body: { code: 'bad-image' },
    });
    const wide = bombPng(1_000_000, 1);
    expect((await fx.upload(wide, { kind: 'map' })).status).toBe(422);
    const cut = await picture(800, 800);
    expect(await fx.upload(cut.subarray(0, cut.length / 2), { kind: 'map' })).toMatchObject({
      status: 400,
      body: { code: 'bad-image' },
    });
    const tooLarge = new Uint8Array(IMAGE_LIMITS.uploadBytes + 1);
    tooLarge.set(await picture(10, 10));
    expect((await fx.upload(tooLarge, { kind: 'map' })).status).toBe(413);
    expect(fx.imageRows()).toBe(rows);
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
    const res = await fx.upload(new Uint8Array(png), { kind: 'handout' });
    expect(res.status).toBe(201);
    expect([res.body.width, res.body.height]).toEqual([side, side]);
  }, 30_000);

  it('says who may upload what: the GM anything, a player her own portrait only', async () => {
    const face = await picture(300, 300, 'webp');
    expect((await fx.upload(face, { kind: 'map' }, null, 'image/webp')).status).toBe(401);
    expect(
      (await fx.upload(face, { kind: 'map' }, fx.table.tokens.spectator, 'image/webp')).status,
    ).toBe(403);
    expect((await fx.upload(face, { kind: 'handout' }, fx.annToken, 'image/webp')).status).toBe(
      403,
    );
    expect(
      (
        await fx.upload(
          face,
          { kind: 'portrait', character: fx.bobCharacter },
          fx.annToken,
          'image/webp',
        )
      ).status,
    ).toBe(403);
    // The player link before a seat speaks for no one's character.
    expect(
      (
        await fx.upload(
          face,
          { kind: 'portrait', character: fx.annCharacter },
          fx.table.tokens.player,
          'image/webp',
        )
      ).status,
    ).toBe(403);
    expect((await fx.upload(face, { kind: 'poster' })).status).toBe(400);
    // A form's content type never passes: a cross-site form cannot upload.
    expect((await fx.upload(face, { kind: 'map' }, fx.table.tokens.gm, 'text/plain')).status).toBe(
      415,
    );
    const own = await fx.upload(
      face,
      { kind: 'portrait', character: fx.annCharacter },
      fx.annToken,
      'image/webp',
    );
    expect(own.status).toBe(201);
  });

  it('one person uploading many at once is held to the file slots and their budget', async () => {
    const bytes = await Promise.all([1, 2, 3, 4, 5, 6].map((i) => picture(200 + i, 200)));
    const answers = await Promise.all(bytes.map((b) => fx.upload(b, { kind: 'handout' })));
    const statuses = answers.map((a) => a.status);
    // Two at once per address (filesPerAddress): the others are told to wait.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.every((s) => s === 201 || s === 429)).toBe(true);
  });

  it('decoding leaves the event loop to the other tables', async () => {
    const other = await createTable(fx.server.url, 'fate-core', 'Elsewhere');
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
      fx.upload(big, { kind: 'map' }),
      (async () => {
        const times: number[] = [];
        for (let i = 0; i < 5; i++) {
          const t0 = performance.now();
          const r = await api(fx.server.url, `/api/tables/${other.id}`, { token: other.tokens.gm });
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
