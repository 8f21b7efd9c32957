import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  addFariScene,
  exportTable,
  fetchInviteLinks,
  fetchLogPage,
  fetchSummary,
  parsePresence,
  restoreTable,
  rotateLinks,
} from './api';

const answer =
  (body: unknown, status = 200) =>
  () =>
    Promise.resolve(Response.json(body, { status }));
/** The three invite links the server makes for table `id`. */
const linksOf = (id: string) => ({
  gm: `http://s/t/${id}#token=g`,
  player: `http://s/t/${id}#token=p`,
  spectator: `http://s/t/${id}#token=s`,
});

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
      // An older server counts no overlay apart.
      overlays: 0,
    });
    expect(
      parsePresence({ tableId: 't1', participants: [], spectators: 2, overlays: 1 }),
    ).toMatchObject({ spectators: 2, overlays: 1 });
    expect(parsePresence({ participants: [{ role: 'admin' }] })).toBeNull();
  });
});

describe('table files', () => {
  afterEach(() => vi.unstubAllGlobals());
  const links = linksOf('t2');

  it('exports with the GM token and keeps the server’s file name', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response('{"format":"fateboard-table"}', {
          headers: { 'content-disposition': 'attachment; filename="Docks.fateboard-table.json"' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { fileName, blob } = await exportTable('t 1', 'secret');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/tables/t%201/export');
    expect(init.headers).toEqual({ authorization: 'Bearer secret' });
    expect(fileName).toBe('Docks.fateboard-table.json');
    expect(await blob.text()).toBe('{"format":"fateboard-table"}');
    vi.stubGlobal('fetch', answer({ code: 'forbidden', message: 'Only the GM can export.' }, 403));
    await expect(exportTable('t1', 'player')).rejects.toThrow('Only the GM can export.');
  });

  it('restores by sending the file as it is, and says why a file was refused', async () => {
    const fetchMock = vi.fn(answer({ id: 't2', links }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const created = await restoreTable('{"format":"fateboard-table"}');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method, init.body]).toEqual([
      '/api/tables/restore',
      'POST',
      '{"format":"fateboard-table"}',
    ]);
    expect(created).toEqual({ id: 't2', links });
    vi.stubGlobal(
      'fetch',
      answer({ code: 'not-a-table', message: 'This is a Fari scene, not a Fateboard table.' }, 400),
    );
    await expect(restoreTable('{}')).rejects.toThrow('not a Fateboard table');
  });

  it('adds a Fari scene with the GM token and reads the answer with its schema', async () => {
    const report = { source: 'Fari scene', mapped: ['x'], adapted: [], dropped: [] };
    const fetchMock = vi.fn(answer({ aspects: ['a1'], hidden: ['h1'], report }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await addFariScene('t1', 'secret', '{}')).toEqual({
      aspects: ['a1'],
      hidden: ['h1'],
      report,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/tables/t1/fari-scene');
    expect(init.headers).toMatchObject({ authorization: 'Bearer secret' });
    vi.stubGlobal('fetch', answer({ aspects: 'nope' }));
    await expect(addFariScene('t1', 'secret', '{}')).rejects.toThrow('cannot read');
  });
});

describe('invite links', () => {
  afterEach(() => vi.unstubAllGlobals());
  const links = linksOf('t1');

  it('asks the server for the links with the GM token and reads them with their schema', async () => {
    const fetchMock = vi.fn(answer({ links }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await fetchInviteLinks('t 1', 'gm-token')).toEqual({ kept: true, links });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/tables/t%201/links');
    expect(init.headers).toEqual({ authorization: 'Bearer gm-token' });
    expect(init.method ?? 'GET').toBe('GET');
    vi.stubGlobal('fetch', answer({ links: { gm: links.gm, player: 'not a link' } }));
    await expect(fetchInviteLinks('t1', 'gm-token')).rejects.toThrow('cannot read');
  });

  it('tells a table whose links the server does not keep from a refusal', async () => {
    const message = 'The server has no copy of these links. Replace the links to see them.';
    vi.stubGlobal('fetch', answer({ code: 'links-not-kept', message }, 404));
    expect(await fetchInviteLinks('t1', 'gm-token')).toEqual({ kept: false, message });
    vi.stubGlobal('fetch', answer({ code: 'not-found', message: 'No such table.' }, 404));
    await expect(fetchInviteLinks('t1', 'gm-token')).rejects.toThrow('No such table.');
    vi.stubGlobal(
      'fetch',
      answer({ code: 'forbidden', message: 'Only the GM can see the invite links.' }, 403),
    );
    const refused = await fetchInviteLinks('t1', 'player-token').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('rotates with a JSON POST and answers the new player and spectator links', async () => {
    const fetchMock = vi.fn(
      answer({ links: { player: links.player, spectator: links.spectator }, closedConnections: 2 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await rotateLinks('t1', 'gm-token')).toEqual({
      player: links.player,
      spectator: links.spectator,
    });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect([url, init.method]).toEqual(['/api/tables/t1/rotate-links', 'POST']);
    expect(init.headers).toMatchObject({ authorization: 'Bearer gm-token' });
  });
});

describe('fetchSummary and the summary asked for as the page started', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete (globalThis as { fateboardEarlySummary?: unknown }).fateboardEarlySummary;
  });
  const summary = {
    id: 't1',
    name: 'The Docks',
    ruleset: 'fate-core',
    created: 1,
    you: { role: 'player', seatId: 's1' },
    seats: [{ id: 's1', name: 'Ann' }],
    scene: { active: false },
    documents: { pub: 'table/t1' },
  };
  const early = (tableId: string, token: string, response: Promise<Response>) => {
    (globalThis as { fateboardEarlySummary?: unknown }).fateboardEarlySummary = {
      tableId,
      token,
      response,
    };
  };

  it('takes the early answer for its table and token, once', async () => {
    const fetchMock = vi.fn(answer(summary));
    vi.stubGlobal('fetch', fetchMock);
    early('t1', 'tok', Promise.resolve(Response.json(summary)));
    expect(await fetchSummary('t1', 'tok')).toMatchObject({ role: 'player', seatId: 's1' });
    expect(fetchMock).not.toHaveBeenCalled();
    // A second open asks the server.
    await fetchSummary('t1', 'tok');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks again when the early answer is for another table or token, or not an answer', async () => {
    const fetchMock = vi.fn(answer(summary));
    vi.stubGlobal('fetch', fetchMock);
    for (const [table, token, response] of [
      ['t2', 'tok', Promise.resolve(Response.json({ ...summary, id: 't2' }))],
      ['t1', 'other', Promise.resolve(Response.json(summary))],
      ['t1', 'tok', 'not a promise'],
    ] as const) {
      (globalThis as { fateboardEarlySummary?: unknown }).fateboardEarlySummary = {
        tableId: table,
        token,
        response,
      };
      expect(await fetchSummary('t1', 'tok')).toMatchObject({ id: 't1' });
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fetchMock).toHaveBeenCalledWith('/api/tables/t1', {
      headers: { authorization: 'Bearer tok' },
    });
  });

  it('reports the early answer’s refusal as its own', async () => {
    vi.stubGlobal('fetch', vi.fn(answer(summary)));
    early(
      't1',
      'tok',
      Promise.resolve(Response.json({ code: 'forbidden', message: 'No.' }, { status: 403 })),
    );
    await expect(fetchSummary('t1', 'tok')).rejects.toBeInstanceOf(ApiError);
  });
});
