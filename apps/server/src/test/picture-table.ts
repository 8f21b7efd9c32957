import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { TestServer, api, connectSocket, createTable } from './harness';
import type { CreatedTable, Participant } from './harness';
import { validSheet } from './sheets';
import { rowCount } from './row-count';

// The picture tests' table (http/image-*.test.ts): a server whose picture budget a test's own
// uploads stay under, a fate-core table with its GM and Ann seated (her character Vex, the
// GM's Orrin), and the picture door as a test calls it.

/** A picture of `w`×`h` pixels with some detail, in `format`. */
export async function picture(w: number, h: number, format: 'png' | 'jpeg' | 'webp' = 'png') {
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

export function pictureTable() {
  const fx = {
    server: undefined as unknown as TestServer,
    table: undefined as unknown as CreatedTable,
    gm: undefined as unknown as Participant,
    ann: undefined as unknown as Participant,
    annToken: '',
    annCharacter: '',
    bobCharacter: '',

    /** POSTs `bytes` to the table's images, with `token` (the GM's unless given; null: none). */
    async upload(
      bytes: Uint8Array,
      query: Query,
      given?: string | null,
      type = 'image/png',
    ): Promise<{ status: number; body: Uploaded }> {
      const token = given === undefined ? fx.table.tokens.gm : given;
      const params = new URLSearchParams(query as Record<string, string>).toString();
      const response = await fetch(`${fx.server.url}/api/tables/${fx.table.id}/images?${params}`, {
        method: 'POST',
        headers: {
          'content-type': type,
          ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        },
        body: bytes,
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : {}) as Uploaded };
    },

    async read(
      hash: string,
      token: string | undefined,
      size?: string,
    ): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
      const response = await fetch(
        `${fx.server.url}/api/tables/${fx.table.id}/images/${hash}${size ? `?size=${size}` : ''}`,
        { headers: token ? { authorization: `Bearer ${token}` } : {} },
      );
      return {
        status: response.status,
        headers: response.headers,
        bytes: new Uint8Array(await response.arrayBuffer()),
      };
    },

    imageRows: (): number => rowCount(fx.server.dataDir, 'images'),

    /** The bytes the table's files take, as the GM is told. */
    usage: async (): Promise<number> =>
      (await api(fx.server.url, `/api/tables/${fx.table.id}/usage`, { token: fx.table.tokens.gm }))
        .body.bytes as number,
  };

  beforeAll(async () => {
    const server = await TestServer.start({ limits: { imageBurst: 40, imagesPerMinute: 600 } });
    fx.server = server;
    fx.table = await createTable(server.url, 'fate-core', 'Pictures');
    fx.gm = await connectSocket(server.url, fx.table.tokens.gm, 'gm');
    fx.ann = await connectSocket(server.url, fx.table.tokens.player, 'ann');
    const join = {
      type: 'join',
      name: 'Ann',
      secret: 'ann-secret-0123456789abcdefghijkl',
    };
    fx.annToken = ((await fx.ann.ok(join)).result as { seatToken: string }).seatToken;
    fx.annCharacter = (
      (await fx.ann.ok({ type: 'character.create', character: validSheet('fate-core', 'Vex') }))
        .result as { characterId: string }
    ).characterId;
    fx.bobCharacter = (
      (await fx.gm.ok({ type: 'character.create', character: validSheet('fate-core', 'Orrin') }))
        .result as { characterId: string }
    ).characterId;
  }, 30_000);

  afterAll(async () => {
    fx.gm.close();
    fx.ann.close();
    await fx.server.stop();
  });
  return fx;
}
