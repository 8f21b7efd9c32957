import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readTable } from '@fateboard/table';
import { TestServer, api, createTable, openReplica, tokenOfLink, waitFor } from '../test/harness';
import { picture, pictureTable } from '../test/picture-table';
import { rowCount } from '../test/row-count';

/**
 * Reading pictures over real HTTP on a real SQLite file: served by hash under the table's
 * access rules, carried by the table file, and uploads held to the person's budget.
 * Uploading them: image-upload.test.ts.
 */

const fx = pictureTable();

describe('GET /api/tables/:id/images/:hash', () => {
  it('a prepared handout is the GM’s until pushed; a portrait is everyone’s', async () => {
    const poster = await fx.upload(await picture(500, 700), { kind: 'handout' });
    const hash = poster.body.hash;
    const spectator = await openReplica(
      fx.server.url,
      `table/${fx.table.id}`,
      fx.table.tokens.spectator,
    );
    try {
      const { handoutId } = (
        await fx.gm.ok({ type: 'handout.prepare', image: hash, title: 'Wanted' })
      ).result as { handoutId: string };
      expect((await fx.read(hash, fx.table.tokens.gm)).status).toBe(200);
      expect((await fx.read(hash, fx.annToken)).status).toBe(404);
      expect((await fx.read(hash, fx.table.tokens.spectator)).status).toBe(404);
      expect((await fx.read(hash, undefined)).status).toBe(401);

      await fx.gm.ok({ type: 'handout.push', handoutId });
      await waitFor(
        () => readTable(spectator.doc).handout?.image === hash,
        'the handout on a spectator replica',
      );
      expect((await fx.read(hash, fx.annToken)).status).toBe(200);
      expect((await fx.read(hash, fx.table.tokens.spectator, 'small')).status).toBe(200);

      await fx.gm.ok({ type: 'handout.clear' });
      expect((await fx.read(hash, fx.table.tokens.spectator)).status).toBe(404);
      // The pictures travel by hash only: the documents never hold their bytes.
      expect(JSON.stringify(spectator.doc.toJSON()).length).toBeLessThan(20_000);
    } finally {
      spectator.destroy();
    }

    const face = await fx.upload(
      await picture(320, 320),
      { kind: 'portrait', character: fx.annCharacter },
      fx.annToken,
    );
    expect((await fx.read(face.body.hash, fx.table.tokens.spectator)).status).toBe(404);
    await fx.ann.ok({
      type: 'character.portrait',
      characterId: fx.annCharacter,
      hash: face.body.hash,
    });
    expect((await fx.read(face.body.hash, fx.table.tokens.spectator)).status).toBe(200);
  });

  it('another table’s token, a bad hash and an unknown one read nothing', async () => {
    const mine = await fx.upload(await picture(100, 90), { kind: 'map' });
    await fx.gm.ok({ type: 'board.map', hash: mine.body.hash });
    const other = await createTable(fx.server.url, 'fate-core', 'Other');
    const response = await fetch(
      `${fx.server.url}/api/tables/${other.id}/images/${mine.body.hash}`,
      {
        headers: { authorization: `Bearer ${other.tokens.gm}` },
      },
    );
    expect(response.status).toBe(404);
    expect((await fx.read('not-a-hash', fx.table.tokens.gm)).status).toBe(400);
    expect((await fx.read('f'.repeat(64), fx.table.tokens.gm)).status).toBe(404);
    expect((await fx.read(mine.body.hash, fx.table.tokens.gm, 'huge')).status).toBe(400);
  });
});

describe('pictures in the table file', () => {
  it('export carries the named pictures; restore checks them and serves them again', async () => {
    const map = await fx.upload(await picture(900, 600), { kind: 'map' });
    await fx.gm.ok({ type: 'board.map', hash: map.body.hash });
    const letter = await fx.upload(await picture(300, 420), { kind: 'handout' });
    await fx.gm.ok({ type: 'handout.prepare', image: letter.body.hash, title: 'Letter' });
    const exported = await fetch(`${fx.server.url}/api/tables/${fx.table.id}/export`, {
      headers: { authorization: `Bearer ${fx.table.tokens.gm}` },
    });
    const file = (await exported.json()) as { images: { hash: string; data: string }[] };
    const hashes = file.images.map((i) => i.hash);
    expect(hashes).toContain(map.body.hash);
    expect(hashes).toContain(letter.body.hash);

    const restore = (body: unknown) =>
      api(fx.server.url, '/api/tables/restore', { raw: JSON.stringify(body) });
    const restored = await restore(file);
    expect(restored.status).toBe(201);
    const links = restored.body.links as { gm: string; player: string };
    const gmToken = tokenOfLink(links.gm);
    const id = restored.body.id as string;
    const again = await fetch(`${fx.server.url}/api/tables/${id}/images/${map.body.hash}`, {
      headers: { authorization: `Bearer ${gmToken}` },
    });
    expect(again.status).toBe(200);
    const bytes = new Uint8Array(await again.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(map.body.hash);
    // The prepared handout stays the GM's at the new table too.
    const asPlayer = await fetch(`${fx.server.url}/api/tables/${id}/images/${letter.body.hash}`, {
      headers: { authorization: `Bearer ${tokenOfLink(links.player)}` },
    });
    expect(asPlayer.status).toBe(404);

    // A picture whose bytes are not its name's, or not this server's making: refused whole.
    const rows = fx.imageRows();
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
    expect(fx.imageRows()).toBe(rows);
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
      expect(rowCount(tight.dataDir, 'images')).toBe(2);
    } finally {
      await tight.stop();
    }
  }, 30_000);
});
