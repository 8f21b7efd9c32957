import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Y from 'yjs';
import { RULESETS, RULESET_IDS, seededRng } from '@fateboard/rules';
import { readTable } from '@fateboard/table';
import { bankFlow, inPlay } from '@fateboard/table/testing';
import { loadDoc } from '../storage';
import { clusterServices, clusterUnavailable } from '../test/cluster-fixture';
import type { Cluster } from '../test/cluster-fixture';
import { TestServer, createTable, sameGm, samePub, storedDocs, waitFor } from '../test/harness';
import type { Participant, Replica } from '../test/harness';
import { sceneCast, slickPlanks } from '../test/scene-cast';
import type { SceneUrls } from '../test/scene-cast';
import { attackWith, troubleOf } from '../test/sheets';

const unavailable = clusterUnavailable();

/** Where the scene is played: the server(s) each role connects to, and what they stored. */
interface Deployment {
  /** The GM's socket and replicas, the players' sockets and replicas, the spectator's replica. */
  urls: SceneUrls;
  /** The table's public and GM documents as the storage holds them. */
  stored: (tableId: string) => Promise<{ pub: Y.Doc; gm: Y.Doc }>;
}

/** The scene of every ruleset, on the deployment `deployment()` returns once it runs. */
const playScenes = (deployment: () => Deployment) =>
  describe.each(RULESET_IDS)('a short scene in %s over real sockets', (ruleset) => {
    it('advantage, spotlight, free invoke, compels, a hit, a concession; replicas agree', async () => {
      const { urls, stored: storedDocsOf } = deployment();
      const cleanup: (() => void)[] = [];
      const table = await createTable(urls.gm, ruleset, `Scene in ${ruleset}`);
      const keep = <T extends Participant | Replica>(x: T): T => {
        cleanup.push(() => ('socket' in x ? x.close() : x.destroy()));
        return x;
      };
      try {
        const view = async () => readTable((await storedDocsOf(table.id)).pub);
        const character = async (id: string) => (await view()).characters.find((c) => c.id === id)!;
        const { gm, gmPub, gmDoc, spectator, ann, bob, annChar, bobChar, npc } = await sceneCast(
          urls,
          table,
          ruleset,
          keep,
        );
        await gm.ok({ type: 'gm.prepare', kind: 'situation', text: 'Hidden Trapdoor' });

        const skill = attackWith(ruleset);
        await gm.ok({
          type: 'scene.start',
          name: 'The docks',
          characterIds: [annChar, bobChar, npc],
        });
        expect((await view()).gmPool).toBe(2);

        // Create an advantage; roll again until it lands.
        const aspectId = await slickPlanks(ann.socket, annChar, ruleset, view);
        expect(aspectId).toBeDefined();
        await gm.ok({ type: 'spotlight.push', ref: { aspectId } });
        await waitFor(
          () => readTable(spectator.doc).spotlight?.text === 'Slick Planks',
          'the spotlight on the spectator',
        );

        // Attack the NPC, invoking the new aspect for free.
        const attack = (
          (
            await ann.socket.ok({
              type: 'roll',
              characterId: annChar,
              ...skill,
              action: 'attack',
              opposition: { characterId: npc, ...skill },
            })
          ).result as { rollId: string }
        ).rollId;
        const before = (await view()).rolls.find((r) => r.id === attack)!;
        const freeInvokes = async () =>
          Object.values(
            (await view()).aspects.find((a) => a.id === aspectId)?.freeInvokes ?? {},
          ).reduce((a, b) => a + b, 0);
        const held = await freeInvokes();
        expect(held).toBeGreaterThanOrEqual(1);
        /** One of the aspect's free invokes spent on the attack, for +2. */
        const freeInvoke = {
          type: 'invoke',
          rollId: attack,
          ref: { aspectId },
          free: true,
          effect: '+2',
        };
        await ann.socket.ok(freeInvoke);
        const after = (await view()).rolls.find((r) => r.id === attack)!;
        expect(after.actor.total).toBe(before.actor.total + 2);
        expect(await freeInvokes()).toBe(held - 1);
        // Once the free invokes are spent, another free invoke is refused.
        for (let i = 1; i < held; i++) await ann.socket.ok(freeInvoke);
        expect(await ann.socket.send(freeInvoke)).toMatchObject({
          ok: false,
          code: 'no-free-invokes',
        });

        // A compel accepted and one refused.
        const start = (await character(annChar)).fatePoints;
        const offer = async (text: string, ref?: object) =>
          (
            (
              await gm.ok({
                type: 'compel.offer',
                characterId: annChar,
                text,
                ...(ref ? { ref } : {}),
              })
            ).result as { compelId: string }
          ).compelId;
        const c1 = await offer('Your debts catch up', {
          characterId: annChar,
          aspectId: troubleOf(ruleset),
        });
        // Bob may not answer Ann's compel.
        expect(await bob.socket.send({ type: 'compel.accept', compelId: c1 })).toMatchObject({
          ok: false,
          code: 'forbidden',
        });
        await ann.socket.ok({ type: 'compel.accept', compelId: c1 });
        expect((await character(annChar)).fatePoints).toBe(start + 1);
        const c2 = await offer('Slip on the planks');
        await ann.socket.ok({ type: 'compel.refuse', compelId: c2 });
        expect((await character(annChar)).fatePoints).toBe(start);

        // The NPC hits Bob: a stress box, then a hit needing a consequence.
        await gm.ok({ type: 'conflict.start', order: [annChar, bobChar, npc] });
        const hitRoll = (
          (
            await gm.ok({
              type: 'roll',
              characterId: npc,
              ...skill,
              action: 'attack',
              difficulty: 0,
            })
          ).result as { rollId: string }
        ).rollId;
        await bob.socket.ok({
          type: 'absorb',
          characterId: bobChar,
          shifts: 1,
          kind: 'physical',
          option: 0,
          rollId: hitRoll,
        });
        if (ruleset === 'edgerunner') {
          // Edgerunner consequences are taken by choice for a bonus [ER-CONSEQ-1].
          const slot = (await character(bobChar)).consequences[0]!.id;
          await bob.socket.ok({
            type: 'consequence.take',
            characterId: bobChar,
            slotId: slot,
            text: 'Cracked Ribs',
          });
          expect((await character(bobChar)).consequences[0]!.taken?.text).toBe('Cracked Ribs');
        }
        const bigHit = 4;
        const options = RULESETS[ruleset].absorptionOptions(await character(bobChar), {
          shifts: bigHit,
          kind: 'physical',
        });
        const option = Math.max(
          0,
          options.findIndex((o) => o.consequences.length > 0 || (o.aspectDamage?.length ?? 0) > 0),
        );
        const names = Object.fromEntries(
          options[option]!.consequences.map((id) => [id, 'Cracked Ribs']),
        );
        await bob.socket.ok({
          type: 'absorb',
          characterId: bobChar,
          shifts: bigHit,
          kind: 'physical',
          option,
          names,
          rollId: hitRoll,
        });
        if (options[option]!.consequences.length > 0) {
          const slot = options[option]!.consequences[0]!;
          const hurt = await character(bobChar);
          expect(hurt.consequences.find((c) => c.id === slot)?.taken?.text).toBe('Cracked Ribs');
          expect(hurt.freeInvokes[slot]?.gm ?? 0).toBeGreaterThanOrEqual(1);
        }

        // Bob concedes and gets paid for it.
        const bobBefore = (await character(bobChar)).fatePoints;
        await bob.socket.ok({ type: 'concede', characterId: bobChar });
        expect((await character(bobChar)).fatePoints).toBeGreaterThan(bobBefore);
        expect((await view()).conflict.order).not.toContain(bobChar);

        await gm.ok({ type: 'scene.end' });
        const final = await view();
        expect(final.gmPool).toBe(0);
        expect(inPlay(final)).toBe(bankFlow(final.log));

        // Every replica ends identical to what the server stored.
        const stored = await storedDocsOf(table.id);
        for (const [who, replica] of [
          ['gm', gmPub],
          ['spectator', spectator],
          ['ann', ann.replica],
          ['bob', bob.replica],
        ] as const) {
          await waitFor(() => samePub(stored.pub, replica.doc), `${who}'s replica`);
        }
        await waitFor(() => sameGm(stored.gm, gmDoc.doc), "the GM's document");
        expect(JSON.stringify(readTable(spectator.doc))).not.toContain('Hidden Trapdoor');
      } finally {
        cleanup.forEach((f) => f());
      }
    });
  });

describe('one node (SQLite)', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Seeded dice so a failing run can be replayed; production uses crypto dice.
    server = await TestServer.start({ rng: seededRng(7) });
  });
  afterAll(async () => {
    await server.stop();
  });
  playScenes(() => ({
    urls: { gm: server.url, players: server.url, spectator: server.url },
    stored: (tableId) => Promise.resolve(storedDocs(server.dataDir, tableId)),
  }));
});

describe.skipIf(unavailable)('three nodes (PostgreSQL + Redis)', () => {
  const services = clusterServices(unavailable);
  let cluster: Cluster | undefined;
  beforeAll(async () => {
    // The same dice: one sequence for the three nodes, whichever writes the table.
    cluster = await services.startCluster({ server: { rng: seededRng(7) } });
  }, 60_000);
  afterAll(async () => {
    await cluster?.close();
  });
  // The GM on node 1, the players on node 2, the spectator on node 3: each node forwards its
  // commands to the table's writer and follows the updates of the others.
  playScenes(() => {
    const [one, two, three] = cluster!.nodes as [TestServer, TestServer, TestServer];
    return {
      urls: { gm: one.url, players: two.url, spectator: three.url },
      stored: async (tableId) => {
        const { docs } = await cluster!.reader.loadDocuments(tableId);
        return { pub: loadDoc(docs.pub), gm: loadDoc(docs.gm) };
      },
    };
  });
});
