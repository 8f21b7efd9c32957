import { describe, expect, it } from 'vitest';
import { createTableDocs, docsFromContent, readTable, tableContent } from '@fateboard/table';
import { readTableFile, toTableFile } from './file';
import { MAX_TABLE_IMAGES_BYTES } from './limits';
import type { TableFileImage } from './schema';

// The file on its own, without a server (apps/server/src/http/table-files.test.ts restores real
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

  it('carries the scene board, and refuses a board the reducer could not have made', () => {
    const file = (zoneB: Record<string, unknown>) => {
      const docs = createTableDocs({ id: 'T1', name: 'N', ruleset: 'fate-core' });
      const zones = docs.pub.getMap('zones');
      zones.set('z1', { id: 'z1', name: 'Pier', x: 0, y: 0, w: 4, h: 3, at: 1 });
      zones.set('z2', { id: 'z2', name: 'Warehouse', at: 2, ...zoneB });
      docs.pub.getMap('borders').set('b1', { id: 'b1', a: 'z1', b: 'z2', at: 3 });
      docs.gm
        .getMap('zones')
        .set('z3', { id: 'z3', name: 'Cellar', x: 0, y: 6, w: 2, h: 2, at: 4 });
      const table = { name: 'N', ruleset: 'fate-core' as const, created: 1 };
      const text = JSON.stringify(
        toTableFile({ table, content: tableContent(docs), log: [], exportedAt: 1 }),
      );
      return { docs, read: readTableFile(text) };
    };
    const good = file({ x: 4, y: 0, w: 4, h: 3 });
    if (!good.read.ok) throw new Error(good.read.error.message);
    const built = docsFromContent(good.read.content, 'T2');
    expect(readTable(built.pub).board).toEqual(readTable(good.docs.pub).board);
    expect(readTable(built.pub).board.borders).toHaveLength(1);
    // Over the Pier, and past the grid's edge.
    for (const bad of [
      { x: 2, y: 0, w: 4, h: 3 },
      { x: 46, y: 0, w: 4, h: 3 },
    ]) {
      const read = file(bad).read;
      expect(read.ok || read.error.code).toBe('bad-table-file');
    }
  });

  it('refuses a character file', () => {
    const read = readTableFile('{"fariType":"character","pages":[]}');
    expect(read.ok || read.error.code).toBe('not-a-table');
  });

  it('carries pictures: each once, base64, within the pictures’ allowance', () => {
    const file = (images: TableFileImage[]) => {
      const content = tableContent(createTableDocs({ id: 'T1', name: 'N', ruleset: 'pirates' }));
      const table = { name: 'N', ruleset: 'pirates' as const, created: 1 };
      return JSON.stringify(toTableFile({ table, content, log: [], exportedAt: 1, images }));
    };
    const one = { hash: 'a'.repeat(64), kind: 'map' as const, data: 'UklGRg==' };
    const read = readTableFile(file([one]));
    expect(read.ok && read.file.images).toEqual([one]);
    const code = (images: TableFileImage[]) => {
      const r = readTableFile(file(images));
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code([one, one])).toBe('bad-table-file');
    expect(code([{ ...one, data: 'not base64!' }])).toBe('bad-table-file');
    expect(code([{ ...one, hash: 'A'.repeat(64) }])).toBe('bad-table-file');
    expect(code([{ ...one, kind: 'poster' as 'map' }])).toBe('bad-table-file');
    // Past the pictures' allowance, whatever the rest of the file weighs.
    const big = 'A'.repeat(MAX_TABLE_IMAGES_BYTES + 4);
    expect(code([{ ...one, data: big }])).toBe('too-large');
  });
});
