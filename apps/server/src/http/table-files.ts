import type { Request, RequestHandler } from 'express';
import { MAX_TABLE_FILE_WITH_IMAGES_BYTES, toTableFile } from '@fateboard/interop';
import { tableContent, tableImages } from '@fateboard/table';
import type { Role } from '@fateboard/table';
import type { Identity } from '../access/auth';
import { HttpError } from './http-error';
import type { Rooms } from '../room/rooms';
import type { Storage } from '../storage';
import type { FileWorkers } from '../file-work/pool';
import type { PreparedRestore } from '../file-work/jobs';
import { restoreTable } from '../room/tables';
import { newTableId } from '../access/tokens';
import { admitFile, fileRefused, fileSlotOf, rawBody, uploadedBytes } from './uploaded-file';
import type { ImageQueue } from './image-routes';
import type { NewImage } from '../storage';

/**
 * The whole table as one file and back (docs/PROTOCOL.md, "Table files"): the GM exports
 * every root of both documents and the full log; anyone may make a new table from such a
 * file, as anyone may create a table. The format and its checks are `@fateboard/interop`'s;
 * this module only reads the server's own documents and storage, and writes a new table.
 */
export interface TableFileDeps {
  storage: Storage;
  rooms: Rooms;
  clock: () => number;
  authorize: (req: Request) => Promise<Identity>;
  /** Throws `rate-limited` when this address made too many tables (a restore makes one). */
  allowCreation: (req: Request) => Promise<void>;
  links: (tableId: string, tokens: Record<Role, string>) => Record<Role, string>;
  /** Where uploaded files are read and checked, off the event loop. */
  files: FileWorkers;
  /** Where pictures are decoded, one at a time (image-routes.ts). */
  images: ImageQueue;
}

/** `GET /api/tables/:id/export`, GM only: the table file, as a download. */
export function exportRoute(deps: TableFileDeps): RequestHandler {
  return async (req, res) => {
    const identity = await deps.authorize(req);
    if (identity.role !== 'gm') {
      // The file holds the GM's hidden prep and notes.
      throw new HttpError(403, 'forbidden', 'Only the GM can export the table.');
    }
    const { readLog } = deps.storage;
    if (!readLog) {
      throw new HttpError(501, 'not-implemented', 'This server keeps no log history to export.');
    }
    // The log first: the documents are read after it, at once, so that the file never holds
    // a log entry whose change the content lacks (the log only grows).
    const log = await readLog(identity.tableId, undefined, Number.MAX_SAFE_INTEGER);
    const read = await deps.rooms.read(identity.tableId, (room) => ({
      table: room.table,
      content: tableContent({ pub: room.doc('pub'), gm: room.doc('gm') }),
      pictures: [...tableImages(room.doc('pub'), room.doc('gm'))],
    }));
    if (!read) throw new HttpError(404, 'not-found', 'No such table.');
    const { table, content } = read;
    // The pictures the documents name, each its largest copy (the smaller are made again).
    const images = (await deps.storage.fullImages(identity.tableId, read.pictures)).map((i) => ({
      hash: i.hash,
      kind: i.kind,
      data: Buffer.from(i.bytes.buffer, i.bytes.byteOffset, i.bytes.byteLength).toString('base64'),
    }));
    const file = toTableFile({
      table: { name: table.name, ruleset: table.ruleset, created: table.created },
      content,
      log,
      exportedAt: deps.clock(),
      images,
    });
    // GM secrets inside: never kept by a cache on the way.
    res.set('Cache-Control', 'no-store');
    res.attachment(`${fileName(table.name)}.fateboard-table.json`);
    res.json(file);
  };
}

/**
 * `POST /api/tables/restore`: the body is a table file (at most MAX_TABLE_FILE_BYTES, read as
 * bytes so that its size and depth are checked before any parse). A file worker reads it and
 * holds it to every invariant of a table (checkTable), then builds its documents and chunks
 * its log; this thread only stores what came back. A new table with fresh links; nothing is
 * written unless every check passed.
 */
export function restoreRoutes(deps: TableFileDeps): RequestHandler[] {
  return [
    // The caps before the body: a refused request costs no 8 MiB read.
    async (req, res, next) => {
      admitFile(deps.files, req, res);
      await deps.allowCreation(req);
      next();
    },
    ...rawBody(MAX_TABLE_FILE_WITH_IMAGES_BYTES),
    async (req, res) => {
      const bytes = uploadedBytes(req, 'the table file');
      const answer = await fileSlotOf(res).run({ kind: 'restore', bytes, tableId: newTableId() });
      if (!answer.ok) throw fileRefused(answer.error);
      const prepared = answer.value as PreparedRestore;
      const images = await checkedImages(deps.images, prepared, deps.clock());
      const stored = performance.now();
      const { id, tokens } = await restoreTable(deps.storage, prepared, deps.clock(), images);
      // What the server spent, for operators and the benchmark: reading and checking in the
      // worker, then storing (a slice at a time on this thread).
      const store = performance.now() - stored;
      res.set(
        'Server-Timing',
        `worker;dur=${answer.millis.toFixed(1)}, store;dur=${store.toFixed(1)}`,
      );
      res.status(201).json({ id, links: deps.links(id, tokens) });
    },
  ];
}

/**
 * A restored table's pictures, each checked again as this server would have made it
 * (checkStoredImage: a WebP within its kind's size, no metadata, decoded to its end, its bytes
 * hashing to its name), its smaller copies made again. One bad picture refuses the file.
 */
async function checkedImages(
  queue: ImageQueue,
  prepared: PreparedRestore,
  created: number,
): Promise<NewImage[]> {
  const out: NewImage[] = [];
  for (const [i, image] of prepared.images.entries()) {
    const made = await queue.check(image.hash, image.bytes, image.kind);
    if (!made.ok) {
      throw new HttpError(
        400,
        'bad-table-file',
        `This table file's picture ${i + 1} cannot be used: ${made.error.message}`,
      );
    }
    out.push({
      tableId: prepared.tableId,
      hash: image.hash,
      kind: image.kind,
      variants: made.variants,
      created,
    });
  }
  return out;
}

/** A download name from the table's name: letters, digits and dashes only. */
function fileName(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    // One dash at either end at most, after the line above.
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return slug === '' ? 'table' : slug;
}
