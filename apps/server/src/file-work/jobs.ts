import * as Y from 'yjs';
import { importFariScene, readTableFile, sceneCommands } from '@fateboard/interop';
import type { FariScene, ImportError, SceneCommand, TableFile } from '@fateboard/interop';
import { docsFromContent, markSeatsRestored } from '@fateboard/table';
import type { DocKey } from '@fateboard/table';
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
  chunks: LogChunk[];
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
  const read = readTableFile(job.bytes);
  if (!read.ok) return read;
  const docs = docsFromContent(read.content, job.tableId);
  // The old server's seat tokens stay behind: each seat waits for its player to take it back.
  markSeatsRestored(docs.pub);
  const value: PreparedRestore = {
    kind: 'restore',
    tableId: job.tableId,
    table: read.file.table,
    docs: { pub: Y.encodeStateAsUpdate(docs.pub), gm: Y.encodeStateAsUpdate(docs.gm) },
    chunks: logChunks(read.file.log),
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
