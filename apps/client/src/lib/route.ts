/** What the address bar asks for: the landing page, or one table with a token. */
export type Route =
  | { kind: 'landing' }
  | {
      kind: 'table';
      tableId: string;
      token: string | null;
      overlay: boolean;
      /** A claim link's: the restored seat it brings its player back to, and its code. */
      claim?: SeatClaim;
    };

export interface SeatClaim {
  seatId: string;
  code: string;
}

/**
 * Reads `/t/<id>#token=<token>` (the invite link shape), a claim link's `&seat=…&claim=…`
 * and `?overlay=1`. The token sits in the fragment so that it never reaches a server log or a
 * Referer header.
 */
export function parseRoute(url: { pathname: string; search: string; hash: string }): Route {
  const match = /^\/t\/([A-Za-z0-9_-]{1,128})\/?$/.exec(url.pathname);
  if (!match?.[1]) return { kind: 'landing' };
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const search = new URLSearchParams(url.search);
  const overlay = search.get('overlay');
  const seatId = hash.get('seat');
  const code = hash.get('claim');
  return {
    kind: 'table',
    tableId: match[1],
    token: hash.get('token') || null,
    overlay: overlay === '1' || overlay === 'true',
    ...(seatId && code ? { claim: { seatId, code } } : {}),
  };
}

/** The in-app path of a table for a token (same shape as the server's invite links). */
export function tablePath(tableId: string, token: string, overlay = false): string {
  return `/t/${encodeURIComponent(tableId)}${overlay ? '?overlay=1' : ''}#token=${encodeURIComponent(token)}`;
}
