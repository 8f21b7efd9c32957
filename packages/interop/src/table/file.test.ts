import { describe, expect, it } from 'vitest';
import { createTableDocs, docsFromContent, readTable, tableContent } from '@fateboard/table';
import { readTableFile, toTableFile } from './file';

// The file on its own, without a server (apps/server/src/table-files.test.ts restores real
// tables over HTTP and holds bad files to the codes).

describe('the table file', () => {
  it('reads back what it wrote, and the documents built from it read the same', () => {
    const docs = createTableDocs({ id: 'T1', name: 'Night Market', ruleset: 'edgerunner' });
    const text = JSON.stringify(
      toTableFile({
        table: { name: 'Night Market', ruleset: 'edgerunner', created: 5 },
        content: tableContent(docs),
        log: [{ n: 1, at: 6, by: { role: 'gm' }, type: 'scene.start', text: 'Scene: Alley.' }],
        exportedAt: 7,
      }),
    );
    const read = readTableFile(text);
    if (!read.ok) throw new Error(read.error.message);
    expect(read.file.table).toEqual({ name: 'Night Market', ruleset: 'edgerunner', created: 5 });
    const built = docsFromContent(read.content, 'T2');
    expect(readTable(built.pub)).toEqual({ ...readTable(docs.pub), id: 'T2' });
    expect(tableContent(built)).toEqual(tableContent(docs));
  });

  it('holds exactly the registered roots: none missing, none other (a `log` of schema 2)', () => {
    const file = (edit: (pub: Record<string, unknown>) => void) => {
      const content = tableContent(createTableDocs({ id: 'T1', name: 'N', ruleset: 'pirates' }));
      edit(content.pub);
      const table = { name: 'N', ruleset: 'pirates' as const, created: 1 };
      return JSON.stringify(toTableFile({ table, content, log: [], exportedAt: 1 }));
    };
    expect(readTableFile(file(() => undefined)).ok).toBe(true);
    for (const edit of [
      (pub: Record<string, unknown>) => (pub.log = { array: [] }),
      (pub: Record<string, unknown>) => delete pub.journal,
    ]) {
      const read = readTableFile(file(edit));
      expect(read.ok || read.error.code).toBe('bad-table-file');
    }
  });

  it('refuses a character file', () => {
    const read = readTableFile('{"fariType":"character","pages":[]}');
    expect(read.ok || read.error.code).toBe('not-a-table');
  });
});
