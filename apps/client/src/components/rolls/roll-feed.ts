import * as v from 'valibot';
import { ACTION_KINDS } from '@fateboard/rules';
import { RollPageSchema } from '@fateboard/table';
import { readBody } from '../../lib/api';

// The session's roll feed (RollFeed.svelte): reading the server's roll history a page at a
// time (`GET /api/tables/:id/rolls`, docs/PROTOCOL.md), keeping the pages in order as they and
// fresher copies of the same rolls arrive, and the choices of its character filter. Imported
// only by the feed, so all of it stays in the feed's lazy chunk.

const Side = v.object({
  characterId: v.string(),
  skillId: v.optional(v.string()),
  aspectId: v.optional(v.string()),
  rating: v.number(),
  faces: v.array(v.number()),
  total: v.number(),
  label: v.optional(v.string()),
});

/**
 * What the feed shows of a roll, checked field by field: a stored snapshot is bytes from the
 * network like any other, and one the feed cannot read is left out rather than the page.
 */
export const FeedRollSchema = v.object({
  id: v.string(),
  at: v.number(),
  action: v.picklist(ACTION_KINDS),
  reason: v.optional(v.string()),
  actor: Side,
  difficulty: v.optional(v.number()),
  difficultyBonus: v.optional(v.number()),
  opposition: v.optional(Side),
  invokes: v.array(
    v.object({
      side: v.picklist(['actor', 'opposition']),
      aspectText: v.string(),
      free: v.boolean(),
      effect: v.picklist(['+2', 'reroll']),
    }),
  ),
  outcome: v.picklist(['fail', 'tie', 'success', 'success-with-style']),
  shifts: v.number(),
  simple: v.optional(v.boolean()),
  declaration: v.optional(v.object({ supporters: v.number(), opposers: v.number() })),
  defence: v.optional(v.object({ status: v.picklist(['awaiting', 'rolled', 'conceded']) })),
});
export type FeedRoll = v.InferOutput<typeof FeedRollSchema>;

/** One row of the feed: the roll and the command that made it (the paging cursor). */
export interface FeedRow {
  seq: number;
  roll: FeedRoll;
}

export interface RollPage {
  rows: FeedRow[];
  more: boolean;
  characters: string[];
}

/** The limit the feed asks for; the server caps it at 100. */
export const FEED_PAGE = 20;

/** The page of the session's rolls made before `before` (the newest without), of `character`. */
export async function fetchRollPage(
  tableId: string,
  token: string,
  query: { before?: number; character?: string; limit?: number },
): Promise<RollPage> {
  const params = new URLSearchParams({ limit: String(query.limit ?? FEED_PAGE) });
  if (query.before !== undefined) params.set('before', String(query.before));
  if (query.character !== undefined) params.set('character', query.character);
  const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/rolls?${params}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await readBody(response, RollPageSchema);
  return { rows: readRows(body.rolls), more: body.more, characters: body.characters };
}

/** The rows whose roll the feed can read, in the order given. */
export function readRows(rolls: readonly { seq: number; roll: unknown }[]): FeedRow[] {
  const rows: FeedRow[] = [];
  for (const { seq, roll } of rolls) {
    const parsed = v.safeParse(FeedRollSchema, roll);
    if (parsed.success && Number.isSafeInteger(seq)) rows.push({ seq, roll: parsed.output });
  }
  return rows;
}

/**
 * Rows already shown and a page just read, as one list, newest first: a roll in both is shown
 * once, as the page has it (a first page read again after an invoke brings it fresher). A row
 * the page brings unchanged stays the same object, so the feed redraws only what changed (the
 * first page is read again on every roll).
 */
export function mergeRows(shown: readonly FeedRow[], page: readonly FeedRow[]): FeedRow[] {
  const byId = new Map<string, FeedRow>();
  for (const row of shown) byId.set(row.roll.id, row);
  for (const row of page) {
    const old = byId.get(row.roll.id);
    if (old?.seq === row.seq && JSON.stringify(old.roll) === JSON.stringify(row.roll)) continue;
    byId.set(row.roll.id, row);
  }
  return [...byId.values()].sort((a, b) => b.seq - a.seq);
}

/**
 * What of a recent roll the feed follows: a new roll, an invoke on it (its total and outcome),
 * its defence rolled or conceded. The feed takes the document's copy of a roll again when this
 * changes, and only then.
 */
export function rollKey(roll: {
  id: string;
  invokes: readonly unknown[];
  outcome: string;
  defence?: { status: string } | undefined;
}): string {
  return `${roll.id}:${String(roll.invokes.length)}:${roll.outcome}:${String(roll.defence?.status)}`;
}

/**
 * The rows with the document's recent rolls put in, so that a new roll (or an invoke on one
 * shown) appears as soon as the document has it, not after the history's answer over HTTP.
 * A roll shown takes the document's copy and keeps its seq; a roll that is neither shown nor
 * among `known` (the recent rolls when the feed read its first page: older sessions' rolls
 * stay out) goes on top, with a seq just above the newest until the history's page brings
 * its own (mergeRows replaces it then). `character`: the filter, either side of the roll.
 */
export function withRecent(
  rows: readonly FeedRow[],
  recent: readonly unknown[],
  known: ReadonlySet<string>,
  character?: string,
): FeedRow[] {
  const seqOf = new Map(rows.map((r) => [r.roll.id, r.seq]));
  const top = rows[0]?.seq ?? 0;
  const fresh: FeedRow[] = [];
  const added = readRows(recent.map((roll) => ({ seq: 0, roll })))
    .map((r) => r.roll)
    .filter(
      (roll) =>
        character === undefined ||
        roll.actor.characterId === character ||
        roll.opposition?.characterId === character,
    )
    .sort((a, b) => a.at - b.at);
  let next = 0;
  for (const roll of added) {
    const seq = seqOf.get(roll.id);
    if (seq !== undefined) fresh.push({ seq, roll });
    else if (!known.has(roll.id)) fresh.push({ seq: top + ++next / (added.length + 1), roll });
  }
  return mergeRows(rows, fresh);
}

/**
 * The filter's choices: every character with a roll this session, by name (a character since
 * removed from the table keeps a row, under `unknown`), and the one chosen even before the
 * server has named it.
 */
export function characterChoices(
  ids: readonly string[],
  nameOf: (id: string) => string | undefined,
  unknown: string,
  chosen?: string,
): { id: string; name: string }[] {
  const all = new Set(ids);
  if (chosen !== undefined) all.add(chosen);
  return [...all]
    .map((id) => ({ id, name: nameOf(id) ?? unknown }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** The ladder's rungs by name (Terrible −2 … Legendary +8); past either end, a number only. */
export const LADDER_KEYS = [
  'terrible',
  'poor',
  'mediocre',
  'average',
  'fair',
  'good',
  'great',
  'superb',
  'fantastic',
  'epic',
  'legendary',
] as const;
export type LadderKey = (typeof LADDER_KEYS)[number];

export function ladderKey(total: number): LadderKey | undefined {
  return Number.isInteger(total) ? LADDER_KEYS[total + 2] : undefined;
}
