import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLogPage, parsePresence } from './api';

const answer =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(Response.json(body, { status }));

describe('fetchLogPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the entries below `before` with the token, and keeps only whole entries', async () => {
    const fetchMock = vi.fn(
      answer({
        entries: [
          { n: 3, at: 1, type: 'roll', text: 'Zird rolled', by: { role: 'gm' } },
          { n: 'x', text: 'broken' },
        ],
        more: true,
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const page = await fetchLogPage('t1', 'secret', 40, 25);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/tables/t1/log?before=40&limit=25');
    expect(init.headers).toEqual({ authorization: 'Bearer secret' });
    expect(page.entries.map((e) => e.n)).toEqual([3]);
    expect(page.more).toBe(true);
  });

  it('turns a refusal into a readable error', async () => {
    vi.stubGlobal(
      'fetch',
      answer({ code: 'bad-request', message: 'before must be a whole number' }, 400),
    );
    await expect(fetchLogPage('t1', 'secret', -1)).rejects.toThrow('before must be a whole number');
  });

  it('says so when a refusal or an answer has a shape it cannot read', async () => {
    vi.stubGlobal('fetch', answer('<html>Bad gateway</html>', 502));
    await expect(fetchLogPage('t1', 'secret', 5)).rejects.toThrow('The server answered 502.');
    vi.stubGlobal('fetch', answer({ rows: [] }));
    await expect(fetchLogPage('t1', 'secret', 5)).rejects.toThrow('an answer we cannot read');
  });
});

describe('parsePresence', () => {
  it('reads the server’s presence event and refuses another shape', () => {
    expect(
      parsePresence({
        tableId: 't1',
        participants: [{ role: 'player', seatId: 's1', name: 'Ann', connections: 2 }],
        spectators: 3,
      }),
    ).toEqual({
      participants: [{ role: 'player', seatId: 's1', name: 'Ann', online: true }],
      spectators: 3,
    });
    expect(parsePresence({ participants: [{ role: 'admin' }] })).toBeNull();
  });
});
