import * as Y from 'yjs';
import { importFariScene, readTableFile, sceneCommands } from '@fateboard/interop';
import type { FariScene, ImportError, SceneCommand, TableFile } from '@fateboard/interop';
import { markSeatsRestored } from '@fateboard/table';
import type { DocKey, ImageKind } from '@fateboard/table';
import { logChunks } from '../storage/storage';
import type { LogChunk } from '../storage/storage';

/**
 * What the file workers do (pool.ts runs these in worker threads, off the event loop): read
 * an uploaded file through `@fateboard/interop`'s checks — checkTable of every invariant for a
 * table file — and hand back only what the server then writes, ready to store: encoded
 * documents and the log in chunks, or a scene's commands. Pure functions of their input, so
 * tests call them directly too.
 */
export type FileJob =
  /** A table file restored as the new table `tableId`. */
  | { kind: 'restore'; bytes: Uint8Array; tableId: string }
  /** A Fari scene to add to a table. */
  | { kind: 'fari-scene'; bytes: Uint8Array };

export interface PreparedRestore {
  kind: 'restore';
  tableId: string;
  table: TableFile['table'];
  docs: Record<DocKey, Uint8Array>;
  chunks: PackedChunks;
  /** The file's pictures, their bytes decoded (checked again by sharp on the server's side). */
  images: { hash: string; kind: ImageKind; bytes: Uint8Array }[];
}

/**
 * A log's chunks as one buffer of UTF-8 and where each chunk lies in it: handed from the
 * worker to the server's thread without a copy (a transfer), where a list of strings would be
 * copied and rebuilt on that thread, megabytes of them, all at once.
 */
export interface PackedChunks {
  bytes: Uint8Array;
  /** first, last, start, end (byte offsets in `bytes`), per chunk. */
  index: number[];
}

export function packChunks(chunks: readonly LogChunk[]): PackedChunks {
  const encoder = new TextEncoder();
  const parts = chunks.map((c) => encoder.encode(c.entries));
  const bytes = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  const index: number[] = [];
  let at = 0;
  for (const [i, part] of parts.entries()) {
    bytes.set(part, at);
    index.push(chunks[i]!.first, chunks[i]!.last, at, at + part.length);
    at += part.length;
  }
  return { bytes, index };
}

/** The chunks of a packed log, each decoded only when its `entries` is read (a slice's turn). */
export function unpackChunks(packed: PackedChunks): LogChunk[] {
  const decoder = new TextDecoder();
  const chunks: LogChunk[] = [];
  for (let i = 0; i < packed.index.length; i += 4) {
    const [first, last, start, end] = packed.index.slice(i, i + 4) as [
      number,
      number,
      number,
      number,
    ];
    chunks.push({
      first,
      last,
      get entries() {
        return decoder.decode(packed.bytes.subarray(start, end));
      },
    });
  }
  return chunks;
}

export interface PreparedScene {
  kind: 'fari-scene';
  scene: FariScene;
  commands: SceneCommand[];
}

export type FileJobAnswer =
  | { ok: true; value: PreparedRestore | PreparedScene; millis: number }
  | { ok: false; error: ImportError; millis: number };

export function runFileJob(job: FileJob): FileJobAnswer {
  const started = performance.now();
  const answer = job.kind === 'restore' ? prepareRestore(job) : prepareScene(job);
  return { ...answer, millis: performance.now() - started };
}

function prepareRestore(job: Extract<FileJob, { kind: 'restore' }>) {
  const read = readTableFile(job.bytes, job.tableId);
  if (!read.ok) return read;
  const { docs } = read;
  // The old server's seat tokens stay behind: each seat waits for its player to take it back.
  markSeatsRestored(docs.pub);
  const value: PreparedRestore = {
    kind: 'restore',
    tableId: job.tableId,
    table: read.file.table,
    docs: { pub: Y.encodeStateAsUpdate(docs.pub), gm: Y.encodeStateAsUpdate(docs.gm) },
    chunks: packChunks(logChunks(read.file.log)),
    // Each in an ArrayBuffer of its own (a copy, never Buffer's shared pool), to transfer.
    images: (read.file.images ?? []).map((image) => ({
      hash: image.hash,
      kind: image.kind,
      bytes: new Uint8Array(Buffer.from(image.data, 'base64')),
    })),
  };
  docs.pub.destroy();
  docs.gm.destroy();
  return { ok: true as const, value };
}

function prepareScene(job: Extract<FileJob, { kind: 'fari-scene' }>) {
  const read = importFariScene(job.bytes);
  if (!read.ok) return read;
  const value: PreparedScene = {
    kind: 'fari-scene',
    scene: read.scene,
    commands: sceneCommands(read.scene),
  };
  return { ok: true as const, value };
}
