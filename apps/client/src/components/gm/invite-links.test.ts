import { describe, expect, it, vi } from 'vitest';
import { InviteLinks } from './invite-links.svelte';
import type { LinkCalls, LocalLinks } from './invite-links.svelte';
import type { SavedTable } from '../../lib/saved-tables';

const server = {
  gm: 'http://s/t/t1#token=g',
  player: 'http://s/t/t1#token=p2',
  spectator: 'http://s/t/t1#token=s2',
};
const old = {
  gm: server.gm,
  player: 'http://s/t/t1#token=p1',
  spectator: 'http://s/t/t1#token=s1',
};

function local(links?: SavedTable['links']): LocalLinks & { entry: SavedTable | undefined } {
  const store = {
    entry: {
      id: 't1',
      name: 'Docks',
      ruleset: 'fate-core',
      role: 'gm',
      token: 'g',
      lastOpened: 1,
      ...(links ? { links } : {}),
    } as SavedTable | undefined,
    read: () => store.entry,
    write: (e: SavedTable) => void (store.entry = e),
  };
  return store;
}

function calls(fetched: Awaited<ReturnType<LinkCalls['fetch']>> | Error): LinkCalls {
  return {
    fetch: vi.fn(() =>
      fetched instanceof Error ? Promise.reject(fetched) : Promise.resolve(fetched),
    ),
    rotate: vi.fn(() =>
      Promise.resolve({ player: 'http://s/t/t1#token=p3', spectator: 'http://s/t/t1#token=s3' }),
    ),
  };
}

describe('the GM’s invite links', () => {
  it('on a device that holds none, come from the server and are kept there', async () => {
    const saved = local();
    const links = new InviteLinks('t1', 'g', saved, calls({ kept: true, links: server }));
    expect(links.links).toBeNull();
    await links.load();
    expect([links.status, links.links]).toEqual(['ready', server]);
    expect(saved.entry?.links).toEqual(server);
  });

  it('show this browser’s copy at once, then the server’s (rotated on another device)', async () => {
    const saved = local(old);
    const links = new InviteLinks('t1', 'g', saved, calls({ kept: true, links: server }));
    expect(links.links).toEqual(old);
    await links.load();
    expect(links.links).toEqual(server);
  });

  it('for a table the server keeps no links of, stay this browser’s copy and say to rotate', async () => {
    const message = 'Replace the links to see them on every device.';
    const links = new InviteLinks('t1', 'g', local(old), calls({ kept: false, message }));
    await links.load();
    expect([links.status, links.message, links.links]).toEqual(['not-kept', message, old]);
  });

  it('keep what they show when the server cannot answer', async () => {
    const links = new InviteLinks(
      't1',
      'g',
      local(old),
      calls(new Error('The server answered 502.')),
    );
    await links.load();
    expect([links.status, links.message, links.links]).toEqual([
      'error',
      'The server answered 502.',
      old,
    ]);
  });

  it('after a rotation show and keep the new player and spectator links, the GM link unchanged', async () => {
    const saved = local();
    const api = calls({ kept: false, message: 'none kept' });
    const links = new InviteLinks('t1', 'g', saved, api);
    await links.load();
    vi.stubGlobal('location', { origin: 'http://here' });
    expect(await links.rotate()).toBe(true);
    vi.unstubAllGlobals();
    expect(api.rotate).toHaveBeenCalledWith('t1', 'g');
    expect(links.links).toEqual({
      gm: 'http://here/t/t1#token=g',
      player: 'http://s/t/t1#token=p3',
      spectator: 'http://s/t/t1#token=s3',
    });
    expect([links.status, links.rotating]).toEqual(['ready', false]);
    expect(saved.entry?.links).toEqual(links.links);
  });

  it('a refused rotation changes nothing and is reported to the caller', async () => {
    const api = calls({ kept: true, links: server });
    api.rotate = vi.fn(() => Promise.reject(new Error('Only the GM can replace the links.')));
    const links = new InviteLinks('t1', 'g', local(old), api);
    await expect(links.rotate()).rejects.toThrow('Only the GM');
    expect([links.links, links.rotating]).toEqual([old, false]);
  });

  it('follow the server’s word that they were replaced elsewhere, once asked for', async () => {
    const handlers = new Map<string, () => void>();
    const socket = {
      listen: (event: string, callback: () => void) => {
        handlers.set(event, callback);
        return () => handlers.delete(event);
      },
    };
    const fresh = { ...server, player: 'http://s/t/t1#token=p9' };
    const api = calls({ kept: true, links: server });
    const links = new InviteLinks('t1', 'g', local(), api);
    const stop = links.follow(socket);
    expect([...handlers.keys()].sort()).toEqual(['connect', 'links-rotated']);
    // Never opened on this device: nothing to refresh (opening the panel fetches them).
    handlers.get('links-rotated')!();
    expect(api.fetch).not.toHaveBeenCalled();
    await links.load();
    expect(links.links).toEqual(server);
    api.fetch = vi.fn(() => Promise.resolve({ kept: true as const, links: fresh }));
    handlers.get('links-rotated')!();
    await vi.waitFor(() => expect(links.links).toEqual(fresh));
    // Back from a drop: fetched again, in case the word went by meanwhile.
    handlers.get('connect')!();
    expect(api.fetch).toHaveBeenCalledTimes(2);
    stop();
    expect(handlers.size).toBe(0);
  });
});
