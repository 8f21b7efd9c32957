import { afterEach, describe, expect, it, vi } from 'vitest';
import { CommandClient, type CommandTransport, type WireCommand } from './commands.svelte';
import { Toasts } from '../components/shell/toasts.svelte';

class FakeTransport implements CommandTransport {
  connected = false;
  sent: { command: WireCommand; ack: (a: unknown) => void }[] = [];
  #listeners: (() => void)[] = [];
  emit(command: WireCommand, ack: (a: unknown) => void): void {
    this.sent.push({ command, ack });
  }
  onConnect(cb: () => void): () => void {
    this.#listeners.push(cb);
    return () => (this.#listeners = this.#listeners.filter((l) => l !== cb));
  }
  connect(): void {
    this.connected = true;
    for (const l of this.#listeners) l();
  }
}

function setup() {
  const transport = new FakeTransport();
  const toasts = new Toasts(0);
  let n = 0;
  const client = new CommandClient(transport, toasts, { newId: () => `id${++n}`, retryAfterMs: 0 });
  return { transport, toasts, client };
}

describe('CommandClient', () => {
  it('sends { id, type, ...payload } and is pending until the ack', async () => {
    const { transport, client } = setup();
    transport.connected = true;
    const done = client.send('roll', { skill: 'fight' }, { key: 'roll' });
    expect(transport.sent[0]!.command).toEqual({ id: 'id1', type: 'roll', skill: 'fight' });
    expect(client.isPending('roll')).toBe(true);
    transport.sent[0]!.ack({ ok: true, seq: 7 });
    expect(await done).toEqual({ ok: true, seq: 7, result: undefined });
    expect(client.isPending('roll')).toBe(false);
  });

  it('waits while offline and retries with the same id after a reconnection', async () => {
    const { transport, client } = setup();
    transport.connected = true;
    const done = client.send('invoke', {});
    transport.connected = false; // the ack is lost with the connection
    transport.connect();
    expect(transport.sent.map((s) => s.command.id)).toEqual(['id1', 'id1']);
    transport.sent[1]!.ack({ ok: true, seq: 1 });
    transport.sent[0]!.ack({ ok: true, seq: 1 }); // a late duplicate is ignored
    expect((await done).ok).toBe(true);
    expect(client.anyPending).toBe(false);
  });

  it('queues while disconnected and sends on connect', () => {
    const { transport, client } = setup();
    void client.send('join', { name: 'Ann' });
    expect(transport.sent).toHaveLength(0);
    transport.connect();
    expect(transport.sent).toHaveLength(1);
  });

  it('shows a refusal as a readable toast and resolves, never throws', async () => {
    const { transport, client, toasts } = setup();
    transport.connected = true;
    const done = client.send('spend', {});
    transport.sent[0]!.ack({
      ok: false,
      code: 'no-fate-points',
      message: 'You have no fate points.',
    });
    expect(await done).toEqual({
      ok: false,
      code: 'no-fate-points',
      message: 'You have no fate points.',
    });
    expect(toasts.items.map((t) => t.text)).toEqual(['You have no fate points.']);
  });

  it('treats an unreadable answer as a refusal', async () => {
    const { transport, client } = setup();
    transport.connected = true;
    const done = client.send('x', {}, { quiet: true });
    transport.sent[0]!.ack('nonsense');
    expect((await done).ok).toBe(false);
  });

  describe('an answer whose outcome is unknown', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    const unknown = {
      ok: false,
      code: 'unknown-outcome',
      message: 'The server could not confirm whether this was saved.',
    };

    it('is sent again under the same id until answered: one attempt, no refusal shown', async () => {
      vi.useFakeTimers();
      const { transport, client, toasts } = setup();
      transport.connected = true;
      const done = client.send('fate-point.give', { from: 'c1', to: 'c2' }, { key: 'give' });
      transport.sent[0]!.ack(unknown);
      await vi.advanceTimersByTimeAsync(100);
      expect(transport.sent).toHaveLength(1);
      expect(client.isPending('give')).toBe(true);
      await vi.advanceTimersByTimeAsync(200);
      transport.sent[1]!.ack(unknown);
      await vi.advanceTimersByTimeAsync(500);
      // The late success of the first attempt, answered to the third: applied once, seq 4.
      expect(transport.sent.map((s) => s.command)).toEqual(
        Array(3).fill({ id: 'id1', type: 'fate-point.give', from: 'c1', to: 'c2' }),
      );
      transport.sent[2]!.ack({ ok: true, seq: 4 });
      expect(await done).toEqual({ ok: true, seq: 4, result: undefined });
      expect(client.isPending('give')).toBe(false);
      expect(toasts.items).toEqual([]);
    });

    it('is shown once it stayed unknown for 30 s', async () => {
      vi.useFakeTimers();
      const { transport, client, toasts } = setup();
      transport.connected = true;
      const done = client.send('roll', {});
      for (let i = 0; i < 100 && transport.sent.length > i; i++) {
        transport.sent[i]!.ack(unknown);
        await vi.advanceTimersByTimeAsync(4000);
      }
      expect(await done).toMatchObject({ ok: false, code: 'unknown-outcome' });
      expect(transport.sent.length).toBeGreaterThan(5);
      expect(toasts.items.map((t) => t.text)).toEqual([unknown.message]);
    });
  });
});
