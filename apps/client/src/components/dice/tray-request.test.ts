import { describe, expect, it } from 'vitest';
import { trayRequest } from './tray-request.svelte';

describe('a roll asked for from a sheet', () => {
  it('is handed to the tray once, the latest ask winning', () => {
    expect(trayRequest.take()).toBeNull();
    trayRequest.ask({ characterId: 'vex', choiceId: 'fight' });
    trayRequest.ask({ characterId: 'vex', choiceId: 'athletics' });
    expect(trayRequest.take()).toEqual({ characterId: 'vex', choiceId: 'athletics' });
    expect(trayRequest.take()).toBeNull();
  });
});
