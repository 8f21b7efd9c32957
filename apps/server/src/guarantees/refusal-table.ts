import { afterEach, expect } from 'vitest';
import type * as Y from 'yjs';
import { encodeStateAsUpdate } from 'yjs';
import { TestServer, connectSocket, createTable, storedDocs } from '../test/harness';
import type { CreatedTable, Participant } from '../test/harness';
import { fateCoreSheet } from '../test/sheets';

// The one-by-one refusal tests' server (bad-commands.test.ts, bad-connections.test.ts): a
// server a test starts, what it opened closed after it, a table with Ann seated, and what
// the tests read to see that a refusal changed nothing.

export function refusalServer() {
  const fx = {
    server: undefined as unknown as TestServer,
    /** Run after the test, last first. */
    cleanup: [] as (() => void)[],

    async participant(token: string, name: string): Promise<Participant> {
      const p = await connectSocket(fx.server.url, token, name);
      fx.cleanup.push(() => p.close());
      return p;
    },

    /** After each attack, another table still works end to end. */
    async anotherTableServes(): Promise<void> {
      const other = await createTable(fx.server.url);
      const p = await fx.participant(other.tokens.player, 'other');
      const ack = await p.send({ type: 'join', name: 'Other' });
      expect(ack.ok).toBe(true);
    },

    storedSeq: (table: CreatedTable): number => storedDocs(fx.server.dataDir, table.id).seq,

    /** A fresh server and table where Ann is seated with her character, Zird; the GM connected. */
    async seatedTable() {
      fx.server = await TestServer.start();
      const table = await createTable(fx.server.url);
      const gm = await fx.participant(table.tokens.gm, 'gm');
      const ann = await fx.participant(table.tokens.player, 'ann');
      await ann.ok({ type: 'join', name: 'Ann' });
      const created = await ann.ok({
        type: 'character.create',
        character: fateCoreSheet('Zird', 'Wizard', 'Rivals'),
      });
      const { characterId } = created.result as { characterId: string };
      return { table, gm, ann, characterId };
    },

    /** The table's stored documents, byte for byte, and its command count. */
    storedBytes(table: CreatedTable): string {
      const { pub, gm, seq } = storedDocs(fx.server.dataDir, table.id);
      const bytes = (doc: Y.Doc) => Buffer.from(encodeStateAsUpdate(doc)).toString('base64');
      return `${seq}:${bytes(pub)}:${bytes(gm)}`;
    },
  };
  afterEach(async () => {
    while (fx.cleanup.length > 0) fx.cleanup.pop()!();
    await fx.server?.stop();
  });
  return fx;
}
