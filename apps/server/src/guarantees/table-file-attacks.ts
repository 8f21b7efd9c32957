import { MAX_TABLE_FILE_BYTES, toTableFile } from '@fateboard/interop';
import { createTableDocs, tableContent } from '@fateboard/table';
import type { Content } from '@fateboard/table';

// Table files an attacker sends to POST /api/tables/restore, each as large as the door
// allows (MAX_TABLE_FILE_BYTES): shared by the restore guarantees and the door's benchmark.

const FILE_HEADROOM = 64 * 1024;

function baseFile(name: string) {
  const docs = createTableDocs({ id: 'file', name, ruleset: 'fate-core' });
  const content = tableContent(docs);
  docs.pub.destroy();
  docs.gm.destroy();
  return { content, table: { name, ruleset: 'fate-core' as const, created: 1_700_000_000_000 } };
}

/**
 * A valid table whose log fills the file up to the limit: the largest file a restore accepts
 * (tens of thousands of entries, all checked, then stored in chunks).
 */
export function largestLogFile(name = 'The longest campaign'): { text: string; entries: number } {
  const { content, table } = baseFile(name);
  const head = JSON.stringify(toTableFile({ table, content, log: [], exportedAt: 1 }));
  const room = MAX_TABLE_FILE_BYTES - head.length - FILE_HEADROOM;
  const parts: string[] = [];
  let bytes = 0;
  for (let n = 1; bytes < room; n++) {
    const entry = JSON.stringify({
      n,
      at: 1_700_000_000_000 + n * 1000,
      by: { role: 'gm' },
      type: 'gm.note',
      text: `Entry ${n}: the tide turns and the harbour bell rings once more.`,
    });
    parts.push(entry);
    bytes += entry.length + 1;
  }
  const text = head.replace('"log":[]', `"log":[${parts.join(',')}]`);
  return { text, entries: parts.length };
}

/**
 * A file as large as allowed whose documents hold a value for every few bytes (one-word
 * situation aspects): the costliest file to read and check, refused after its checks for
 * holding more values than a table may (MAX_TABLE_VALUES).
 */
export function tinyAspectsFile(name = 'Ten thousand words'): string {
  const { content, table } = baseFile(name);
  const head = JSON.stringify(toTableFile({ table, content, log: [], exportedAt: 1 }));
  const room = MAX_TABLE_FILE_BYTES - head.length - FILE_HEADROOM;
  const aspects: Record<string, Content> = {};
  let bytes = 0;
  for (let i = 0; bytes < room; i++) {
    const id = `a${i.toString(36)}`;
    const aspect = { map: { id, kind: 'situation', text: 'w', at: i, invokes: { map: {} } } };
    aspects[id] = aspect;
    bytes += JSON.stringify(aspect).length + id.length + 4;
  }
  content.pub.aspects = { map: aspects };
  return JSON.stringify(toTableFile({ table, content, log: [], exportedAt: 1 }));
}
