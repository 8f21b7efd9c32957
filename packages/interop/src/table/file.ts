import type { TableContent, TableDocs } from '@fateboard/table';
import { SCHEMA_VERSION, docsFromContent } from '@fateboard/table';
import * as v from 'valibot';
import type { Refused } from '../errors';
import { refused } from '../errors';
import { isRecord } from '../json';
import { parseJsonSafely } from '../safe-json';
import {
  consistencyProblem,
  damaged,
  imageListProblem,
  mib,
  notATable,
  readBack,
  sizeProblem,
  valuesIn,
} from './checks';
import {
  MAX_TABLE_DEPTH,
  MAX_TABLE_DOCUMENTS_BYTES,
  MAX_TABLE_FILE_WITH_IMAGES_BYTES,
  MAX_TABLE_VALUES,
  TABLE_FORMAT,
  TABLE_VERSION,
} from './limits';
import type { TableFile, TableFileImage } from './schema';
import { TableFileSchema } from './schema';

/**
 * The whole-table file (docs/PROTOCOL.md, "Table files"): every root of the table's two
 * documents (`tableContent`), the full log as the server stored it, and the table's name,
 * ruleset and creation time, under a format name and a version. Restoring it makes a new
 * table with the same content on any Fateboard server; nothing in it is a credential.
 *
 * Everything here is checked before a byte is written: the size and depth before parsing,
 * then this schema (strict objects, bounded strings with no control or bidi characters, no
 * prototype keys), then the documents are built, read back as every client reads them and
 * held to every invariant a table the reducer made keeps (`checkTable` of @fateboard/table):
 * a file that breaks one is refused naming the field and why.
 */
export interface TableExport {
  table: TableFile['table'];
  content: TableContent;
  log: unknown[];
  exportedAt: number;
  /** The pictures the documents name, sorted by hash. */
  images?: TableFileImage[];
}

/** The file of a table, as `GET /api/tables/:id/export` answers it. */
export function toTableFile(t: TableExport): unknown {
  return {
    format: TABLE_FORMAT,
    version: TABLE_VERSION,
    exportedAt: t.exportedAt,
    table: t.table,
    documents: t.content,
    log: t.log,
    images: t.images ?? [],
  };
}

export type TableFileRead =
  | {
      ok: true;
      file: TableFile;
      content: TableContent;
      /** The documents built from the file under `tableId` and checked: the table to store. */
      docs: TableDocs;
    }
  | Refused;

/**
 * A table file from untrusted bytes, fully checked, or why it is refused. Never throws. The
 * documents are built (under `tableId`, the new table's id) to be checked, and handed back.
 */
export function readTableFile(input: string | Uint8Array, tableId = 'check'): TableFileRead {
  const parsed = parseJsonSafely(input, {
    maxBytes: MAX_TABLE_FILE_WITH_IMAGES_BYTES,
    maxDepth: MAX_TABLE_DEPTH,
    kind: 'a table file',
  });
  if (!parsed.ok) return parsed;
  const o = parsed.value;
  const oversize = sizeProblem(input, o);
  if (oversize) return oversize;
  if (!isRecord(o) || o.format !== TABLE_FORMAT) return notATable(o);
  if (typeof o.version === 'number' && o.version > TABLE_VERSION) {
    return refused(
      'unsupported-version',
      `This table file is version ${o.version}; this Fateboard reads up to version ${TABLE_VERSION}. Update Fateboard to restore it.`,
    );
  }
  const docs = isRecord(o.documents) && isRecord(o.documents.pub) ? o.documents.pub : undefined;
  const meta = docs && isRecord(docs.meta) && isRecord(docs.meta.map) ? docs.meta.map : undefined;
  const schema = meta?.schemaVersion;
  if (typeof schema === 'number' && schema !== SCHEMA_VERSION) {
    return refused(
      'unsupported-version',
      `This table file holds documents of schema ${schema}; this Fateboard reads schema ${SCHEMA_VERSION}.`,
    );
  }
  const checked = v.safeParse(TableFileSchema, o);
  if (!checked.success) return damaged(checked.issues);
  const file = checked.output;
  const documentBytes = JSON.stringify(file.documents).length;
  if (documentBytes > MAX_TABLE_DOCUMENTS_BYTES) {
    return refused(
      'too-large',
      `This table file's documents are ${mib(documentBytes)} MiB; a table holds at most ${mib(MAX_TABLE_DOCUMENTS_BYTES)} MiB besides its log.`,
    );
  }
  const values = valuesIn(file.documents);
  if (values > MAX_TABLE_VALUES) {
    return refused(
      'too-large',
      `This table file's documents hold ${values} values; a table holds at most ${MAX_TABLE_VALUES}.`,
    );
  }
  const imagesProblem = imageListProblem(file.images ?? []);
  if (imagesProblem) return imagesProblem;
  const problem = consistencyProblem(file);
  if (problem !== undefined) return refused('bad-table-file', `This table file ${problem}.`);
  const content = file.documents as TableContent;
  const built = docsFromContent(content, tableId);
  const unreadable = readBack(built);
  if (unreadable !== undefined) {
    built.pub.destroy();
    built.gm.destroy();
    return refused(
      'bad-table-file',
      `This table file's documents are not a table Fateboard could have made: ${unreadable}.`,
    );
  }
  return { ok: true, file, content, docs: built };
}
