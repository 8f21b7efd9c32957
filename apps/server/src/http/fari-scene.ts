import { randomBytes } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { MAX_FILE_BYTES } from '@fateboard/interop';
import type { Identity } from '../access/auth';
import type { PreparedScene } from '../file-work/jobs';
import type { FileWorkers } from '../file-work/pool';
import { HttpError } from './http-error';
import { LruMap } from '../limits/lru';
import { TokenBucket } from '../limits/rate-limit';
import type { Rooms } from '../room/rooms';
import { admitFile, fileRefused, fileSlotOf, rawBody, uploadedBytes } from './uploaded-file';

/**
 * `POST /api/tables/:id/fari-scene`, GM only: the body is a Fari scene file. Its public index
 * cards become situation aspects, its private cards hidden prep, through the commands the GM
 * would send by hand (`aspect.add`, `gm.prepare`), so the reducer's checks, the log and the
 * documents are the same. A file worker reads the file and checks every card's command
 * against the commands' own schemas before any is submitted: a bad card refuses the whole
 * scene, naming the card (400 `bad-scene`), and writes nothing; a good scene's commands are
 * submitted in one turn of the event loop, so they share one group commit.
 */
export interface FariSceneDeps {
  rooms: Rooms;
  authorize: (req: Request) => Promise<Identity>;
  files: FileWorkers;
  clock: () => number;
  /** Scenes a table may take a minute, and the burst: each is up to 40 commands at once. */
  perMinute: number;
  burst: number;
}

/** Tables whose scene budgets are remembered; past it the least recently used is forgotten. */
const SCENE_BUDGETS = 10_000;

export function fariSceneRoutes(deps: FariSceneDeps): RequestHandler[] {
  const budgets = new LruMap<string, TokenBucket>(SCENE_BUDGETS);
  const allowed = (tableId: string) => {
    let bucket = budgets.get(tableId);
    if (!bucket) {
      bucket = new TokenBucket(deps.perMinute / 60, deps.burst, deps.clock);
      budgets.set(tableId, bucket);
    }
    return bucket.take();
  };
  return [
    // The token before the body: nobody but the GM gets a megabyte read.
    async (req, res, next) => {
      const identity = await deps.authorize(req);
      if (identity.role !== 'gm') {
        throw new HttpError(403, 'forbidden', 'Only the GM can add a scene to the table.');
      }
      // A scene is many commands in one request: a table takes a few a minute, so that the
      // scene door is no way around the commands' own rate limit.
      if (!allowed(identity.tableId)) {
        throw new HttpError(429, 'rate-limited', 'Too many scenes at once; wait a minute.');
      }
      res.locals.identity = identity;
      admitFile(deps.files, req, res);
      next();
    },
    ...rawBody(MAX_FILE_BYTES),
    async (req, res, next) => {
      const identity = res.locals.identity as Identity;
      const bytes = uploadedBytes(req, 'the Fari scene file');
      const answer = await fileSlotOf(res).run({ kind: 'fari-scene', bytes });
      if (!answer.ok) throw fileRefused(answer.error);
      const read = answer.value as PreparedScene;
      await deps.rooms.get(identity.tableId);
      const room = deps.rooms.retain(identity.tableId);
      if (!room) throw new HttpError(404, 'not-found', 'No such table.');
      const sender = { actor: { role: 'gm' as const }, tokenHash: identity.tokenHash };
      // Fresh ids: sending the same file again adds its cards again, as typing them would.
      const batch = randomBytes(9).toString('base64url');
      // Submitted in one turn of the event loop, so they share one group commit.
      const handled = read.commands.map((command, i) =>
        room.handle(sender, { id: `fari-scene-${batch}-${i}`, ...command }),
      );
      Promise.all(handled)
        .then((answers) => {
          const refused = answers.find((a) => !a.ack.ok);
          if (refused && !refused.ack.ok) {
            const storage = refused.ack.code === 'storage';
            throw new HttpError(storage ? 503 : 500, refused.ack.code, refused.ack.message);
          }
          const ids = answers.map((a) => (a.ack.ok ? a.ack.result : undefined));
          res.json({
            aspects: ids.slice(0, read.scene.aspects.length).map(idIn('aspectId')),
            hidden: ids.slice(read.scene.aspects.length).map(idIn('hiddenId')),
            report: read.scene.report,
          });
        })
        .catch(next)
        .finally(() => deps.rooms.release(identity.tableId, room));
    },
  ];
}

const idIn =
  (key: 'aspectId' | 'hiddenId') =>
  (result: unknown): string | null => {
    const id = (result as Record<string, unknown> | undefined)?.[key];
    return typeof id === 'string' ? id : null;
  };
