import { RULESET_IDS } from '@fateboard/rules';
import type { Content, GM_ROOTS, PUB_ROOTS, TableContent, TableDocs } from '@fateboard/table';
import {
  IMAGE_HASH,
  IMAGE_LIMITS,
  ImageKindSchema,
  SCHEMA_VERSION,
  checkTableDocs,
  docsFromContent,
  problemSaid,
} from '@fateboard/table';
import * as v from 'valibot';
import type { Refused } from '../errors';
import { refused } from '../errors';
import { isRecord } from '../json';
import { parseJsonSafely } from '../safe-json';

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
export const TABLE_FORMAT = 'fateboard-table';
export const TABLE_VERSION = 1;
/**
 * The largest table file restored. The long-campaign benchmark's table (15,000 commands, its
 * whole log) exports 4.3 MiB, nearly all of it log; twice as long a campaign fits. Reading a
 * file this size takes a worker thread about two seconds (docs/PROTOCOL.md, BENCHMARKS.md).
 */
export const MAX_TABLE_FILE_BYTES = 8 * 1024 * 1024;
/**
 * The table's pictures ride in the same file, each the base64 of its largest stored variant
 * (`images`), beside the rest and counted apart: at most IMAGE_LIMITS.tableBytes of pictures
 * (a third more as base64), so that the file of any table the server keeps restores. The rest
 * of the file is still held to MAX_TABLE_FILE_BYTES.
 */
export const MAX_TABLE_IMAGES_BYTES = Math.ceil((IMAGE_LIMITS.tableBytes * 4) / 3);
/** The largest body a restore reads: the table, its pictures, and a little JSON around them. */
export const MAX_TABLE_FILE_WITH_IMAGES_BYTES =
  MAX_TABLE_FILE_BYTES + MAX_TABLE_IMAGES_BYTES + IMAGE_LIMITS.tableCount * 128;
/**
 * The most the two documents may take of it, as JSON: what the server loads into memory for
 * every use of the table (the log is stored apart, read a page at a time). The long campaign's
 * documents are 18 KiB; twenty-four full character sheets, two hundred aspects and a few
 * hundred long notes stay well under.
 */
export const MAX_TABLE_DOCUMENTS_BYTES = 2 * 1024 * 1024;
/**
 * The most values (map entries and array items, at any depth) the two documents may hold:
 * what loading the table costs the server's event loop, about 10 µs a value (a long text is
 * one value). Sixty full character sheets are about 9,000; 25,000 load in about a quarter of a
 * second on a loaded two-core machine.
 */
export const MAX_TABLE_VALUES = 25_000;
/** The documents nest about 8 levels inside the file; the log's entries 6. */
export const MAX_TABLE_DEPTH = 24;

/**
 * Text that would break a screen: controls (but newline and tab), line and paragraph
 * separators, bidi embeddings and overrides, lone surrogates. The commands' own text rules
 * never let them in, so a file holding one was not written by Fateboard.
 */
const HOSTILE = /[\p{Cs}\u2028\u2029\u202A-\u202E\u2066-\u2069]|(?![\n\t])\p{Cc}/u;
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** Any string in the file: at most `max` characters of text a screen can show. */
const safeString = (max: number) =>
  v.pipe(
    v.string(),
    v.maxLength(max, `is over ${max} characters`),
    v.check((s) => !HOSTILE.test(s), 'holds a control or bidi character'),
  );
/** Longest string a document holds: a GM note (4,000) with room to spare. */
const Text = safeString(8000);
const Key = v.pipe(
  safeString(128),
  v.check((k) => !RESERVED.has(k), 'is a reserved key'),
);
const FiniteNumber = v.pipe(v.number(), v.finite('is not a finite number'));

/** Plain JSON inside a document (a log row, a spotlight): bounded strings and numbers. */
const JsonValue: v.GenericSchema<unknown> = v.union([
  v.null(),
  v.boolean(),
  FiniteNumber,
  Text,
  v.array(v.lazy(() => JsonValue)),
  v.record(
    Key,
    v.lazy(() => JsonValue),
  ),
]);

const ContentSchema: v.GenericSchema<Content> = v.union([
  v.null(),
  v.boolean(),
  FiniteNumber,
  Text,
  v.strictObject({
    map: v.record(
      Key,
      v.lazy(() => ContentSchema),
    ),
  }),
  v.strictObject({ array: v.array(v.lazy(() => ContentSchema)) }),
  v.strictObject({ json: v.union([v.array(JsonValue), v.record(Key, JsonValue)]) }),
]);

const MapRoot = v.strictObject({ map: v.record(Key, ContentSchema) });
const ArrayRoot = v.strictObject({ array: v.array(ContentSchema) });
/** A root whose entries are all Y.Maps (characters, aspects, hidden prep…). */
const MapOfMaps = v.strictObject({
  map: v.record(Key, v.strictObject({ map: v.record(Key, ContentSchema) })),
});

const Id = v.pipe(safeString(64), v.minLength(1));
const Meta = v.strictObject({
  map: v.objectWithRest(
    {
      schemaVersion: v.literal(SCHEMA_VERSION),
      name: v.pipe(Text, v.minLength(1), v.maxLength(80)),
      ruleset: v.picklist(RULESET_IDS),
    },
    ContentSchema,
  ),
});
const GmMeta = v.strictObject({
  map: v.objectWithRest({ schemaVersion: v.literal(SCHEMA_VERSION) }, ContentSchema),
});

/**
 * A schema for each root of the table's root registry (`PUB_ROOTS`, `GM_ROOTS`), no more and
 * no fewer: a root added to the registry fails typecheck here until the file says its shape,
 * so no root is left out of a file, and a file with another root is refused.
 */
type RootSchemas<Roots> = Record<keyof Roots, v.GenericSchema>;
const PubDocument = v.strictObject({
  meta: Meta,
  seats: MapOfMaps,
  characters: MapOfMaps,
  aspects: MapOfMaps,
  scene: MapRoot,
  compels: MapOfMaps,
  // Open requests for help on a roll; files written before them have none.
  help: v.optional(MapOfMaps),
  conflict: MapRoot,
  fp: MapRoot,
  rolls: v.strictObject({ array: v.array(v.strictObject({ map: v.record(Key, ContentSchema) })) }),
  journal: ArrayRoot,
  refs: v.strictObject({ array: v.array(Id) }),
  // Files written before countdowns (or declarations) existed have none.
  countdowns: v.optional(MapOfMaps),
  declarations: v.optional(MapOfMaps),
  // The scene board (zones, borders: plain JSON values; tokens: character id → zone id),
  // its shapes held by checkTable; files written before the board have none.
  zones: v.optional(MapRoot),
  borders: v.optional(MapRoot),
  tokens: v.optional(MapRoot),
} satisfies RootSchemas<typeof PUB_ROOTS>);
const GmDocument = v.strictObject({
  meta: GmMeta,
  hidden: MapOfMaps,
  notes: MapOfMaps,
  countdowns: v.optional(MapOfMaps),
  // The prepared board, as the public roots of the same names.
  zones: v.optional(MapRoot),
  borders: v.optional(MapRoot),
  // Prepared handouts; files written before them have none.
  handouts: v.optional(MapOfMaps),
} satisfies RootSchemas<typeof GM_ROOTS>);

const Holder = v.variant('type', [
  v.strictObject({ type: v.literal('character'), id: Id }),
  v.strictObject({ type: v.literal('gm-pool') }),
  v.strictObject({ type: v.literal('bank') }),
  v.strictObject({ type: v.literal('scene-payout'), characterId: Id }),
]);

/**
 * A log sentence as a message (the table package's log/say.ts): an id and its parameters,
 * each text, a number, a nested message or a list. Only checked for shape here: the table
 * keeps a message only where its English is the entry's text.
 */
interface LogMessageShape {
  id: string;
  params?: Record<string, LogParamShape>;
}
type LogParamShape = string | number | LogMessageShape | LogParamShape[];
const LogParamSchema: v.GenericSchema<LogParamShape> = v.lazy(() =>
  v.union([Text, v.pipe(v.number(), v.safeInteger()), LogMessageSchema, v.array(LogParamSchema)]),
);
const LogMessageSchema: v.GenericSchema<LogMessageShape> = v.strictObject({
  id: safeString(64),
  params: v.optional(v.record(safeString(64), LogParamSchema)),
});

/** One log entry as the server stored it (docs/PROTOCOL.md, "Documents": log entry). */
const LogEntrySchema = v.strictObject({
  n: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  at: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  by: v.strictObject({
    role: v.picklist(['gm', 'player', 'spectator']),
    seatId: v.optional(Id),
  }),
  type: safeString(64),
  text: Text,
  msg: v.optional(LogMessageSchema),
  characterId: v.optional(Id),
  rollId: v.optional(Id),
  movements: v.optional(
    v.array(
      v.strictObject({
        from: Holder,
        to: Holder,
        amount: v.pipe(v.number(), v.safeInteger()),
        reason: safeString(64),
      }),
    ),
  ),
  before: v.optional(JsonValue),
  after: v.optional(JsonValue),
});

/** Standard base64 (RFC 4648 section 4), as Node's Buffer writes it. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * A picture of the table: its hash, its kind and its largest variant's bytes in base64. The schema
 * checks the shape only; the server decodes every picture again (its format, size, and that
 * its bytes hash to `hash`) before it stores any.
 */
const FileImage = v.strictObject({
  hash: v.pipe(v.string(), v.regex(IMAGE_HASH, 'is not an image hash')),
  /** What it is for: how large it may be kept (variantSide). */
  kind: ImageKindSchema,
  data: v.pipe(
    v.string(),
    v.minLength(4, 'is empty'),
    v.maxLength(MAX_TABLE_IMAGES_BYTES, 'is over the pictures’ size'),
    v.check((s) => s.length % 4 === 0 && BASE64.test(s), 'is not base64'),
  ),
});

export const TableFileSchema = v.strictObject({
  format: v.literal(TABLE_FORMAT),
  version: v.literal(TABLE_VERSION),
  /** When the file was written (ms since the epoch); not restored. */
  exportedAt: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  table: v.strictObject({
    name: v.pipe(Text, v.minLength(1), v.maxLength(80)),
    ruleset: v.picklist(RULESET_IDS),
    /** When the table was first created (ms since the epoch); kept by a restore. */
    created: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  }),
  documents: v.strictObject({ pub: PubDocument, gm: GmDocument }),
  /** Every log entry from the first, oldest first, numbered 1, 2, 3… without gaps. */
  log: v.array(LogEntrySchema),
  /** The pictures the documents name; files written before pictures have none. */
  images: v.optional(
    v.pipe(
      v.array(FileImage),
      v.maxLength(IMAGE_LIMITS.tableCount, `holds more than ${IMAGE_LIMITS.tableCount} pictures`),
    ),
  ),
});
export type TableFile = v.InferOutput<typeof TableFileSchema>;
export type TableLogEntry = TableFile['log'][number];

/** A picture as the file carries it: its hash, kind and largest variant's bytes, base64. */
export type TableFileImage = NonNullable<TableFile['images']>[number];

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

/**
 * The file without its pictures' data within MAX_TABLE_FILE_BYTES, and the pictures within
 * theirs: the size of each part, measured before the schema reads any of it.
 */
function sizeProblem(input: string | Uint8Array, o: unknown): Refused | undefined {
  const total = typeof input === 'string' ? input.length : input.byteLength;
  const images = isRecord(o) && Array.isArray(o.images) ? (o.images as unknown[]) : [];
  let data = 0;
  for (const image of images) {
    if (isRecord(image) && typeof image.data === 'string') data += image.data.length;
  }
  if (total - data > MAX_TABLE_FILE_BYTES) {
    return refused(
      'too-large',
      `This table file is ${mib(total - data)} MiB without its pictures; a table file may be at most ${mib(MAX_TABLE_FILE_BYTES)} MiB besides them.`,
    );
  }
  if (data > MAX_TABLE_IMAGES_BYTES) {
    return refused(
      'too-large',
      `This table file's pictures are ${mib(data)} MiB of base64; a table keeps at most ${mib(IMAGE_LIMITS.tableBytes)} MiB of pictures.`,
    );
  }
  return undefined;
}

/** Each picture once, and their bytes (as base64 says them) within a table's allowance. */
function imageListProblem(images: readonly TableFileImage[]): Refused | undefined {
  const seen = new Set<string>();
  let bytes = 0;
  for (const [i, image] of images.entries()) {
    if (seen.has(image.hash)) {
      return refused('bad-table-file', `This table file holds picture ${i + 1} twice.`);
    }
    seen.add(image.hash);
    const padding = image.data.endsWith('==') ? 2 : image.data.endsWith('=') ? 1 : 0;
    bytes += (image.data.length / 4) * 3 - padding;
  }
  if (bytes > IMAGE_LIMITS.tableBytes) {
    return refused(
      'too-large',
      `This table file's pictures are ${mib(bytes)} MiB; a table keeps at most ${mib(IMAGE_LIMITS.tableBytes)} MiB of pictures.`,
    );
  }
  return undefined;
}

/** Map entries and array items at any depth of the documents' content (JSON values count 1). */
function valuesIn(content: TableContent): number {
  let count = 0;
  const stack: unknown[] = [...Object.values(content.pub), ...Object.values(content.gm)];
  while (stack.length > 0) {
    const c = stack.pop();
    if (!isRecord(c)) continue;
    const items = isRecord(c.map) ? Object.values(c.map) : Array.isArray(c.array) ? c.array : [];
    count += items.length;
    for (const item of items) stack.push(item);
  }
  return count;
}

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

function notATable(o: unknown): Refused {
  if (isRecord(o) && o.fariType === 'scene') {
    return refused(
      'not-a-table',
      'This is a Fari scene, not a Fateboard table: add it to a table as a Fari scene instead.',
    );
  }
  if (isRecord(o) && (o.format === 'fateboard-character' || o.fariType === 'character')) {
    return refused(
      'not-a-table',
      'This is a character file, not a Fateboard table: import it into a table instead.',
    );
  }
  return refused(
    'not-a-table',
    'This is not a Fateboard table file: export one with “Export the table” on a Fateboard table.',
  );
}

function damaged(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): Refused {
  // A union's issue is the deepest one that explains it best.
  let issue: v.BaseIssue<unknown> = issues[0];
  while (issue.issues?.[0]) issue = issue.issues[0];
  const where = v.getDotPath(issue) ?? v.getDotPath(issues[0]);
  return refused(
    'bad-table-file',
    `This table file is damaged${where ? ` at ${where}` : ''}: ${issue.message}.`,
  );
}

/** What the schema cannot say: the table and its documents agree, the log counts on. */
function consistencyProblem(file: TableFile): string | undefined {
  const meta = file.documents.pub.meta.map;
  if (meta.name !== file.table.name || meta.ruleset !== file.table.ruleset) {
    return 'names another table in its documents than in `table`';
  }
  for (const [i, entry] of file.log.entries()) {
    if (entry.n !== i + 1) return `has log entry ${entry.n} where ${i + 1} should be`;
  }
  return undefined;
}

/**
 * Builds the documents and reads them as every client does: a reader that throws, or a table
 * that breaks an invariant (checkTable: the field and why), refuses the file.
 */
function readBack(docs: TableDocs): string | undefined {
  try {
    const problem = checkTableDocs(docs);
    return problem && problemSaid(problem);
  } catch (e) {
    return e instanceof Error ? e.message.slice(0, 200) : 'unreadable';
  }
}
