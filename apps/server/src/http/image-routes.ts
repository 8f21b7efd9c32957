import type { Request, RequestHandler } from 'express';
import * as v from 'valibot';
import {
  IMAGE_HASH,
  IMAGE_LIMITS,
  IMAGE_VARIANTS,
  ImageKindSchema,
  imageReadable,
  imageUploadRefusal,
  ownersIn,
} from '@fateboard/table';
import type { ImagePurpose, ImageVariant } from '@fateboard/table';
import type { Identity } from '../access/auth';
import type { Budgets } from '../limits/budgets';
import { payerOf } from '../limits/budgets';
import { addressGroup } from '../limits/client-address';
import type { FileWorkers } from '../file-work/pool';
import { checkStoredImage, makeImage } from '../file-work/images';
import type { MadeImage } from '../file-work/images';
import { HttpError } from './http-error';
import type { Rooms } from '../room/rooms';
import type { Storage } from '../storage';
import { admitFile, rawBody, uploadedBytes } from './uploaded-file';

/**
 * The picture door (docs/PROTOCOL.md, "Pictures"): `POST /api/tables/:id/images` stores an
 * uploaded PNG, JPEG or WebP with the table, decoded and made again (file-work/images.ts), and
 * answers its hash; `GET /api/tables/:id/images/:hash` serves it to whoever the table's rules
 * let see it. Who may upload what and who may read what are `@fateboard/table`'s
 * (imageUploadRefusal, imageReadable), the functions the client offers from.
 */
export interface ImageDeps {
  storage: Storage;
  rooms: Rooms;
  files: FileWorkers;
  budgets: Budgets;
  clock: () => number;
  authorize: (req: Request) => Promise<Identity>;
  /** The table's ceiling on disk (Limits.tableBytes). */
  tableBytes: number;
  /** Where pictures are decoded, one at a time. */
  images: ImageQueue;
}

/** Query of an upload: what the picture is for. */
const Purpose = v.object({
  kind: ImageKindSchema,
  character: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))),
});

/** The content types an upload may declare: none a cross-site form can send unasked. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * Pictures are decoded one at a time on this server: libvips works on libuv's threads (never
 * the event loop), and one picture at a time leaves the other threads and cores to the tables.
 * Requests wait their turn after FileWorkers admitted them (its caps per address and in all).
 */
export class ImageQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run(bytes: Uint8Array, kind: ImagePurpose['kind']): Promise<MadeImage> {
    return this.next(() => makeImage(bytes, kind));
  }

  /** A restored picture checked (checkStoredImage), in the same line. */
  check(hash: string, bytes: Uint8Array, kind: ImagePurpose['kind']): Promise<MadeImage> {
    return this.next(() => checkStoredImage(hash, bytes, kind));
  }

  private next(work: () => Promise<MadeImage>): Promise<MadeImage> {
    const turn = this.tail.then(work);
    this.tail = turn.catch(() => undefined);
    return turn;
  }
}

export function imageUploadRoutes(deps: ImageDeps): RequestHandler[] {
  const queue = deps.images;
  return [
    // Who, for what, and their budget, before a byte of the body is read.
    async (req, res, next) => {
      const identity = await deps.authorize(req);
      const query = v.safeParse(Purpose, req.query);
      if (!query.success) {
        throw new HttpError(
          400,
          'bad-request',
          `kind must be one of map, handout, portrait; ${query.issues[0].message}`,
        );
      }
      const purpose: ImagePurpose = {
        kind: query.output.kind,
        ...(query.output.character === undefined ? {} : { characterId: query.output.character }),
      };
      const actor = {
        role: identity.role,
        ...(identity.seatId === undefined ? {} : { seatId: identity.seatId }),
      };
      const refusal = await deps.rooms.read(identity.tableId, (room) =>
        imageUploadRefusal(actor, purpose, ownersIn(room.doc('pub'))),
      );
      if (refusal) throw new HttpError(statusOf(refusal.code), refusal.code, refusal.message);
      const address = addressGroup(req.socket.remoteAddress);
      const verdict = await deps.budgets.spend('image', payerOf(identity, address));
      if (!verdict.ok) {
        res.set('Retry-After', String(Math.ceil(verdict.retryInMs / 1000)));
        throw new HttpError(429, 'rate-limited', 'Too many pictures at once; wait a minute.');
      }
      res.locals.identity = identity;
      res.locals.purpose = purpose;
      admitFile(deps.files, req, res);
      next();
    },
    ...rawBody(IMAGE_LIMITS.uploadBytes),
    async (req, res) => {
      const identity = res.locals.identity as Identity;
      const purpose = res.locals.purpose as ImagePurpose;
      const bytes = uploadedBytes(req, 'the picture');
      const made = await queue.run(bytes, purpose.kind);
      if (!made.ok) throw new HttpError(made.error.status, made.error.code, made.error.message);
      const put = await deps.storage.putImage(
        {
          tableId: identity.tableId,
          hash: made.hash,
          kind: purpose.kind,
          variants: made.variants,
          created: deps.clock(),
        },
        {
          tableBytes: deps.tableBytes,
          imageBytes: IMAGE_LIMITS.tableBytes,
          imageCount: IMAGE_LIMITS.tableCount,
        },
      );
      if (put.stored === false) throw refusedPut(put.why);
      const { bytes: stored } = put;
      // The room refuses what would grow a full table: it learns what the table holds now.
      await deps.rooms.read(identity.tableId, (room) => room.measured(stored));
      const full = made.variants[0]!;
      res.status(put.stored === 'new' ? 201 : 200).json({
        hash: made.hash,
        width: full.width,
        height: full.height,
        variants: made.variants.map((x) => x.variant),
      });
    },
  ];
}

/**
 * `GET /api/tables/:id/images/:hash?size=small|medium|full`: the GM reads every picture of the
 * table; anyone else only one the public document names (imageReadable): a handout the GM
 * prepared is 404 until it is pushed, as a picture of another table is. Content-addressed, so
 * cached for a year by the reader's browser alone (private: the table's access rules decide).
 */
export function imageReadRoute(deps: ImageDeps): RequestHandler {
  return async (req, res) => {
    const identity = await deps.authorize(req);
    const hash = req.params.hash;
    if (typeof hash !== 'string' || !IMAGE_HASH.test(hash)) {
      throw new HttpError(400, 'bad-request', 'A picture is named by its hash (64 hex digits).');
    }
    const size = req.query.size ?? 'full';
    if (typeof size !== 'string' || !(IMAGE_VARIANTS as readonly string[]).includes(size)) {
      throw new HttpError(400, 'bad-request', 'size must be one of full, medium, small.');
    }
    const readable = await deps.rooms.read(identity.tableId, (room) =>
      imageReadable(identity.role, hash, room.doc('pub')),
    );
    if (!readable) throw notFound();
    const image = await deps.storage.readImage(identity.tableId, hash, size as ImageVariant);
    if (!image) throw notFound();
    res.set({
      'Content-Type': 'image/webp',
      'Cache-Control': 'private, max-age=31536000, immutable',
      ETag: `"${hash}-${image.variant}"`,
      'Content-Length': String(image.bytes.byteLength),
    });
    res.end(Buffer.from(image.bytes.buffer, image.bytes.byteOffset, image.bytes.byteLength));
  };
}

const notFound = () => new HttpError(404, 'not-found', 'No such picture at this table.');

function statusOf(code: string): number {
  switch (code) {
    case 'forbidden':
      return 403;
    case 'not-found':
      return 404;
    default:
      return 400;
  }
}

function refusedPut(why: 'no-table' | 'storage-full' | 'too-many-images'): HttpError {
  switch (why) {
    case 'no-table':
      return new HttpError(404, 'not-found', 'No such table.');
    case 'storage-full':
      return new HttpError(
        507,
        'storage-full',
        'This table holds as much as it may on disk; remove something first.',
      );
    case 'too-many-images':
      return new HttpError(
        507,
        'too-many-images',
        `A table keeps at most ${IMAGE_LIMITS.tableCount} pictures and ${IMAGE_LIMITS.tableBytes / (1024 * 1024)} MiB of them.`,
      );
  }
}
