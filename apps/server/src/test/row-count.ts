import Database from 'better-sqlite3';
import { join } from 'node:path';

/** How many rows a table of a server's SQLite file holds, read by the test itself. */
export function rowCount(dataDir: string, table: 'tables' | 'tokens' | 'commands' | 'images') {
  const db = new Database(join(dataDir, 'fateboard.sqlite'), { readonly: true });
  try {
    return (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}
