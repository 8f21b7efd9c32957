import type { TableContent, TableDocs } from '@fateboard/table';
import { IMAGE_LIMITS, checkTableDocs, problemSaid } from '@fateboard/table';
import * as v from 'valibot';
import type { Refused } from '../errors';
import { refused } from '../errors';
import { isRecord } from '../json';
import { MAX_TABLE_FILE_BYTES, MAX_TABLE_IMAGES_BYTES } from './limits';
import type { TableFile, TableFileImage } from './schema';

/** The checks a table file passes beside its schema: sizes, pictures, agreement, read-back. */
/**
 * The file without its pictures' data within MAX_TABLE_FILE_BYTES, and the pictures within
 * theirs: the size of each part, measured before the schema reads any of it.
 */
export function sizeProblem(input: string | Uint8Array, o: unknown): Refused | undefined {
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
export function imageListProblem(images: readonly TableFileImage[]): Refused | undefined {
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
export function valuesIn(content: TableContent): number {
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

export const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

export function notATable(o: unknown): Refused {
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

export function damaged(issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]): Refused {
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
export function consistencyProblem(file: TableFile): string | undefined {
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
export function readBack(docs: TableDocs): string | undefined {
  try {
    const problem = checkTableDocs(docs);
    return problem && problemSaid(problem);
  } catch (e) {
    return e instanceof Error ? e.message.slice(0, 200) : 'unreadable';
  }
}
