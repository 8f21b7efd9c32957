import * as v from 'valibot';
import type { RefusalCode } from './refusal-codes';
import { RefusalReasonSchema } from './refusals';

// The wire protocol between the server and its clients, in one place (docs/PROTOCOL.md says
// it in words): the version, the acknowledgement of a command, the socket.io events, the REST
// bodies and the y-websocket close codes. The server builds these shapes; the client parses
// what it receives with the same schemas, so a change here is a change on both sides.

/**
 * Raised when a message changes shape incompatibly. A client sends the version it was built
 * with on connect (socket.io `auth.protocol`, y-websocket `?protocol=`); a server that speaks
 * another one refuses it with `outdated-client` (close code CLOSE.outdated), and the client
 * asks its person to reload. A client that sends none (a script, a raw y-websocket reader) is
 * served as this version.
 */
export const PROTOCOL_VERSION = 1;

/** Whether a stated protocol version is one this side speaks (none stated counts as yes). */
export function protocolMatches(stated: unknown): boolean {
  if (stated === undefined || stated === null) return true;
  return Number(stated) === PROTOCOL_VERSION;
}

/**
 * Close codes of the y-websocket connections (1xxx are the WebSocket standard's). 4400-4499
 * tell the y-websocket provider not to reconnect: the server decided and retrying cannot help.
 */
export const CLOSE = {
  badMessage: 4400,
  unauthorized: 4401,
  forbidden: 4403,
  notFound: 4404,
  /** The client speaks another protocol version: reload the page. */
  outdated: 4426,
  shutdown: 1001,
  /** Storage cannot be read right now; the provider reconnects and tries again. */
  unavailable: 1013,
  /**
   * Too many connection attempts or open connections of this link or address: the provider
   * reconnects after its backoff (45xx is "try again later").
   */
  rateLimited: 4529,
  /**
   * The document was rebuilt from its content (a new epoch) or the replica holds history the
   * server's document does not: drop the local Y.Doc, make a fresh one and a new provider.
   */
  rebuilt: 4410,
} as const;

export const RoleSchema = v.picklist(['gm', 'player', 'spectator']);

/**
 * The server's answer to a socket.io `command`. A refusal may carry a `reason` (refusals.ts)
 * for clients that say it in another language; older servers send none, older clients drop it.
 */
export const AckSchema = v.variant('ok', [
  v.object({ ok: v.literal(true), seq: v.number(), result: v.optional(v.unknown()) }),
  v.object({
    ok: v.literal(false),
    code: v.string(),
    message: v.string(),
    reason: v.optional(RefusalReasonSchema),
    /** `rate-limited`: when the sender's budget has room again, ms. */
    retryInMs: v.optional(v.number()),
  }),
]);
export type Ack = v.InferOutput<typeof AckSchema>;
/**
 * The acknowledgement as the server sends it: a refusal's code is one of the table's
 * (refusal-codes.ts). A client reads any code (`Ack`): a newer server may send new ones.
 */
export type SentAck =
  Extract<Ack, { ok: true }> | (Extract<Ack, { ok: false }> & { code: RefusalCode });

/** The `presence` event: who holds a socket.io connection, and how many watch. */
export const PresenceSchema = v.object({
  tableId: v.string(),
  participants: v.array(
    v.object({
      role: RoleSchema,
      seatId: v.optional(v.string()),
      name: v.optional(v.string()),
      connections: v.number(),
    }),
  ),
  /** Spectators watching the public document over y-websocket (stream overlays apart). */
  spectators: v.number(),
  /** Stream overlays showing the table (a spectator link's `?overlay=1`): nobody watching. */
  overlays: v.optional(v.number()),
});
export type Presence = v.InferOutput<typeof PresenceSchema>;

/** The `closed` event, sent just before the server drops a connection, so it can say why. */
export const ClosedNoticeSchema = v.object({
  code: v.picklist(['revoked-token', 'rate-limited', 'shutdown', 'unavailable']),
  message: v.string(),
});
export type ClosedNotice = v.InferOutput<typeof ClosedNoticeSchema>;

const Link = v.pipe(v.string(), v.url());

/** `POST /api/tables` → 201. */
export const CreatedTableSchema = v.object({
  id: v.string(),
  links: v.object({ gm: Link, player: Link, spectator: Link }),
});
export type CreatedTable = v.InferOutput<typeof CreatedTableSchema>;

/** `GET /api/tables/:id` → 200: the table, and who the token makes you. */
export const TableSummarySchema = v.object({
  id: v.string(),
  name: v.string(),
  ruleset: v.string(),
  created: v.number(),
  you: v.object({ role: RoleSchema, seatId: v.optional(v.string()) }),
  seats: v.array(v.object({ id: v.string(), name: v.string() })),
  scene: v.object({ active: v.boolean(), name: v.optional(v.string()) }),
  documents: v.object({ pub: v.string(), gm: v.optional(v.string()) }),
});
export type TableSummary = v.InferOutput<typeof TableSummarySchema>;

/**
 * `GET /api/tables/:id/usage` → 200, GM only: what the table holds on disk (its commands,
 * document updates and snapshots, chat and restored log), bytes, and the ceiling at which
 * commands and chat messages are refused with `storage-full`.
 */
export const TableUsageSchema = v.object({ bytes: v.number(), ceiling: v.number() });
export type TableUsage = v.InferOutput<typeof TableUsageSchema>;

/**
 * `POST /api/tables/:id/images` → 201 (stored) or 200 (the table held it already): the
 * picture's hash, its size as stored, and the copies kept (docs/PROTOCOL.md, "Pictures").
 */
export const ImageStoredSchema = v.object({
  hash: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/)),
  width: v.number(),
  height: v.number(),
  variants: v.array(v.picklist(['full', 'medium', 'small'])),
});
export type ImageStored = v.InferOutput<typeof ImageStoredSchema>;

/** `POST /api/tables/:id/rotate-links` → 200. */
export const RotatedLinksSchema = v.object({
  links: v.object({ player: Link, spectator: Link }),
  closedConnections: v.number(),
});
export type RotatedLinks = v.InferOutput<typeof RotatedLinksSchema>;

/**
 * `GET /api/tables/:id/links` → 200, GM only: the table's current invite links, opened from
 * the copy the server keeps sealed under the GM token; on any device the GM link is opened on.
 * A table made before that copy was kept answers `404 links-not-kept` until its links are
 * rotated.
 */
export const InviteLinksSchema = v.object({
  links: v.object({ gm: Link, player: Link, spectator: Link }),
});
export type InviteLinks = v.InferOutput<typeof InviteLinksSchema>;

/**
 * A restored seat's claim link (`POST /api/tables/:id/claims` → 200, GM only): the player link
 * with the seat and its one-use claim code in the fragment.
 */
export const SeatClaimLinkSchema = v.object({ seatId: v.string(), link: Link });
export type SeatClaimLink = v.InferOutput<typeof SeatClaimLinkSchema>;
/** `GET /api/tables/:id/claims` → 200, GM only: the links of the seats still waiting. */
export const SeatClaimLinksSchema = v.object({ claims: v.array(SeatClaimLinkSchema) });

/**
 * `GET /api/tables/:id/log` → 200: log entries oldest first (each a LogEntry, checked by the
 * reader one by one), and whether older ones exist.
 */
export const LogPageSchema = v.object({ entries: v.array(v.unknown()), more: v.boolean() });

/**
 * `GET /api/tables/:id/rolls` → 200: the session's rolls newest first, each with `seq`, the
 * command that made it (the next page's `before`) and `roll`, a RollView (checked by the
 * reader one by one); whether older ones exist; every character with a roll this session.
 */
export const RollPageSchema = v.object({
  rolls: v.array(v.object({ seq: v.number(), roll: v.unknown() })),
  more: v.boolean(),
  characters: v.array(v.string()),
});

/**
 * `POST /api/tables/:id/fari-scene` → 200: the ids of what the scene's cards became, in the
 * file's order, and what was mapped, adapted or dropped. (`POST /api/tables/restore` answers
 * `CreatedTableSchema`; `GET /api/tables/:id/export` the table file of @fateboard/interop.)
 */
export const SceneAddedSchema = v.object({
  aspects: v.array(v.nullable(v.string())),
  hidden: v.array(v.nullable(v.string())),
  report: v.object({
    source: v.string(),
    mapped: v.array(v.string()),
    adapted: v.array(v.string()),
    dropped: v.array(v.string()),
  }),
});
export type SceneAdded = v.InferOutput<typeof SceneAddedSchema>;

/** Every REST refusal: a code from docs/PROTOCOL.md and a sentence for people. */
export const ErrorBodySchema = v.object({ code: v.string(), message: v.string() });
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>;
