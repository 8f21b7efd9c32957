import { api, connectSocket, createTable, tokenOfLink } from './harness';
import { validSheet } from './sheets';

// A restored table for the claim tests: Dee plays Vex and Kim plays Kai on a table that is
// exported and restored as a new one, whose seats wait for them.

export interface RestoredTable {
  id: string;
  gm: string;
  player: string;
  spectator: string;
  /** The waiting seats' ids, by player. */
  seats: { dee: string; kim: string };
}

export async function restoredTable(url: string): Promise<RestoredTable> {
  const table = await createTable(url, 'fate-core', 'Rooftops of Varn');
  const seats: Record<string, string> = {};
  for (const [name, character] of [
    ['Dee', 'Vex'],
    ['Kim', 'Kai'],
  ] as const) {
    const p = await connectSocket(url, table.tokens.player, name);
    seats[name] = ((await p.ok({ type: 'join', name })).result as { seatId: string }).seatId;
    await p.ok({ type: 'character.create', character: validSheet('fate-core', character) });
    p.close();
  }
  const file = await fetch(`${url}/api/tables/${table.id}/export`, {
    headers: { authorization: `Bearer ${table.tokens.gm}` },
  });
  const restored = await api(url, '/api/tables/restore', { raw: await file.text() });
  if (restored.status !== 201) throw new Error(`restore: ${restored.status}`);
  const links = restored.body.links as Record<'gm' | 'player' | 'spectator', string>;
  return {
    id: restored.body.id as string,
    gm: tokenOfLink(links.gm),
    player: tokenOfLink(links.player),
    spectator: tokenOfLink(links.spectator),
    seats: { dee: seats.Dee!, kim: seats.Kim! },
  };
}

/** The claim code a claim link carries beside its token, or '' without one. */
export const claimCode = (link: string): string =>
  /[#&]claim=([\w-]{43})$/.exec(new URL(link).hash)?.[1] ?? '';

/** A new claim link for a waiting seat, made with the GM token, and its code. */
export async function newClaim(
  url: string,
  t: RestoredTable,
  seatId: string,
): Promise<{ status: number; link: string; code: string }> {
  const res = await api(url, `/api/tables/${t.id}/claims`, { token: t.gm, body: { seatId } });
  const link = typeof res.body.link === 'string' ? res.body.link : '';
  return { status: res.status, link, code: link ? claimCode(link) : '' };
}
