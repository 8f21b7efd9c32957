import type express from 'express';
import type { Request } from 'express';
import * as v from 'valibot';
import { RULESET_IDS } from '@fateboard/rules';
import { readSeatsAndScene, userText } from '@fateboard/table';
import type { Role, TableUsage } from '@fateboard/table';
import { LruMap } from '../limits/lru';
import { TokenBucket } from '../limits/rate-limit';
import { createTable } from '../room/tables';
import { HttpError } from './http-error';
import type { HttpDeps } from './http-deps';
import { idParam, pageParam } from './query-params';
import { authorize } from './request-checks';

const CreateTableBody = v.object({
  // The same text rules as every name in a command (no control or bidi characters, not blank).
  name: userText('name', 80, 'name'),
  ruleset: v.picklist(RULESET_IDS, `ruleset must be one of ${RULESET_IDS.join(', ')}`),
});

const LOG_PAGE_DEFAULT = 50;
const LOG_PAGE_MAX = 200;
const ROLL_PAGE_DEFAULT = 20;
const ROLL_PAGE_MAX = 100;

/** A table's links, one per role, from its tokens. */
export type TableLinks = (id: string, tokens: Record<Role, string>) => Record<Role, string>;

/**
 * Creating a table, and what a table's token may read of it: its summary, its log and rolls a
 * page at a time, and (the GM) what it holds on disk.
 */
export function tableRoutes(
  api: express.Router,
  deps: HttpDeps,
  links: TableLinks,
  allowCreation: (req: Request) => Promise<void>,
): void {
  api.post('/tables', async (req, res) => {
    await allowCreation(req);
    const body = v.safeParse(CreateTableBody, req.body);
    if (!body.success) throw new HttpError(400, 'bad-request', body.issues[0].message);
    const { id, tokens } = await createTable(deps.storage, body.output, deps.clock());
    res.status(201).json({ id, links: links(id, tokens) });
  });

  api.get('/tables/:id', async (req, res) => {
    const identity = await authorize(deps, req);
    const answer = await deps.rooms.read(identity.tableId, (room) => {
      const { table } = room;
      // Two roots, not the whole view: a summary costs the same on a table of any size.
      const view = readSeatsAndScene(room.doc('pub'));
      return {
        id: table.id,
        name: table.name,
        ruleset: table.ruleset,
        created: table.created,
        you:
          identity.seatId === undefined
            ? { role: identity.role }
            : { role: identity.role, seatId: identity.seatId },
        seats: view.seats.map((s) => ({ id: s.id, name: s.name })),
        scene: { active: view.scene.active, name: view.scene.name },
        documents: {
          pub: `table/${table.id}`,
          ...(identity.role === 'gm' ? { gm: `table/${table.id}/gm` } : {}),
        },
      };
    });
    if (!answer) throw new HttpError(404, 'not-found', 'No such table.');
    res.json(answer);
  });

  // Older log entries than the public document keeps, a page at a time. Every role may read
  // them: the log is public.
  // A table's log pages draw on one budget, whoever of its readers (any token) asks.
  const logPages = new LruMap<string, TokenBucket>(deps.limits.createTableAddresses);
  api.get('/tables/:id/log', async (req, res) => {
    const identity = await authorize(deps, req);
    let pages = logPages.get(identity.tableId);
    if (!pages) {
      pages = new TokenBucket(deps.limits.logPagesPerSecond, deps.limits.logPageBurst, deps.clock);
      logPages.set(identity.tableId, pages);
    }
    if (!pages.take()) {
      throw new HttpError(
        429,
        'rate-limited',
        'Too many pages of this table’s log at once; wait a moment.',
      );
    }
    const before = pageParam(req.query.before, 'before', 1, Number.MAX_SAFE_INTEGER);
    const limit = pageParam(req.query.limit, 'limit', 1, LOG_PAGE_MAX) ?? LOG_PAGE_DEFAULT;
    if (!deps.storage.readLog) {
      throw new HttpError(501, 'not-implemented', 'This server keeps no log history.');
    }
    // One more than asked tells whether an older page exists.
    const entries = await deps.storage.readLog(identity.tableId, before, limit + 1);
    const more = entries.length > limit;
    res.json({ entries: more ? entries.slice(1) : entries, more });
  });

  // The rolls of the current session, newest first, a page at a time, each as it stands now
  // (with every invoke): the public document keeps only the recent ones. Every role may read
  // them: rolls are public; the stored snapshots are read from the public document only.
  api.get('/tables/:id/rolls', async (req, res) => {
    const identity = await authorize(deps, req);
    const before = pageParam(req.query.before, 'before', 1, Number.MAX_SAFE_INTEGER);
    const limit = pageParam(req.query.limit, 'limit', 1, ROLL_PAGE_MAX) ?? ROLL_PAGE_DEFAULT;
    const character = idParam(req.query.character, 'character');
    if (!deps.storage.readRolls) {
      throw new HttpError(501, 'not-implemented', 'This server keeps no roll history.');
    }
    // One more than asked tells whether an older page exists.
    const page = await deps.storage.readRolls(identity.tableId, {
      before,
      limit: limit + 1,
      character,
    });
    const more = page.rolls.length > limit;
    res.json({
      rolls: more ? page.rolls.slice(0, limit) : page.rolls,
      more,
      characters: page.characters,
    });
  });

  // What the table holds on disk against its ceiling (Limits.tableBytes, storage/table-bytes.ts),
  // for the GM's tools: past it, commands and chat are refused with `storage-full`.
  api.get('/tables/:id/usage', async (req, res) => {
    const identity = await authorize(deps, req);
    if (identity.role !== 'gm') {
      throw new HttpError(403, 'forbidden', 'Only the GM sees what the table holds on disk.');
    }
    const bytes = await deps.storage.tableBytes(identity.tableId);
    if (bytes === undefined) throw new HttpError(404, 'not-found', 'No such table.');
    const usage: TableUsage = { bytes, ceiling: deps.limits.tableBytes };
    res.json(usage);
  });
}
