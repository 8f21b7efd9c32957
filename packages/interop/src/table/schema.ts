import { RULESET_IDS } from '@fateboard/rules';
import type { Content, GM_ROOTS, PUB_ROOTS } from '@fateboard/table';
import { IMAGE_HASH, IMAGE_LIMITS, ImageKindSchema, SCHEMA_VERSION } from '@fateboard/table';
import * as v from 'valibot';
import { MAX_TABLE_IMAGES_BYTES, TABLE_FORMAT, TABLE_VERSION } from './limits';

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
