import { createRequire } from 'node:module';

/**
 * A scripted participant speaking the socket.io command API (docs/PROTOCOL.md), for setting a
 * table up quickly: people who only need to be seated, GM adjustments, many log entries.
 * What a test checks is still what the browsers show.
 */

// socket.io-client is a dev dependency of the server; load it from there.
const requireFromServer = createRequire(new URL('../apps/server/package.json', import.meta.url));
interface Socket {
  once(event: string, listener: (...args: unknown[]) => void): void;
  timeout(ms: number): { emitWithAck(event: string, ...args: unknown[]): Promise<unknown> };
  disconnect(): void;
}
const { io } = requireFromServer('socket.io-client') as {
  io: (url: string, options: Record<string, unknown>) => Socket;
};

export type Ack =
  | { ok: true; seq: number; result?: { log?: { text: string }[] } & Record<string, unknown> }
  | { ok: false; code: string; message: string };

export interface Bot {
  /** Sends one command and waits for its acknowledgement; a refusal throws. */
  send(command: { type: string } & Record<string, unknown>): Promise<Ack & { ok: true }>;
  close(): void;
}

/** The token a link carries in its fragment (`…/t/<id>#token=<token>`). */
export function tokenOf(link: string): string {
  const token = new URL(link).hash.replace(/^#/, '');
  return new URLSearchParams(token).get('token') ?? '';
}

/** The table id of a link. */
export function tableIdOf(link: string): string {
  return /\/t\/([^/?#]+)/.exec(link)?.[1] ?? '';
}

let sent = 0;

/** A bot with the rights of a link (GM, player or spectator). */
export async function connectBot(baseURL: string, link: string): Promise<Bot> {
  return connectBotWithToken(baseURL, tokenOf(link));
}

/** A bot with the rights of a token: a link's, or the seat token `join` answers with. */
export async function connectBotWithToken(baseURL: string, token: string): Promise<Bot> {
  const socket = io(baseURL, {
    auth: { token },
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    async send(command) {
      const id = `bot-${Date.now()}-${++sent}`;
      // The server allows 20 events a second per connection (a burst of 40): past that it
      // answers `rate-limited` without applying the command, so wait and send it again.
      for (let attempt = 0; ; attempt++) {
        const ack = (await socket
          .timeout(10_000)
          .emitWithAck('command', { id, ...command })) as Ack;
        if (ack.ok) return ack;
        if (ack.code !== 'rate-limited' || attempt > 50) {
          throw new Error(`${command.type} refused: ${ack.code} ${ack.message}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    },
    close() {
      socket.disconnect();
    },
  };
}

/** A character's id, from its creation entry in the table's log history (REST). */
export async function characterIdOf(baseURL: string, link: string, name: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/tables/${tableIdOf(link)}/log?limit=200`, {
    headers: { authorization: `Bearer ${tokenOf(link)}` },
  });
  if (!response.ok) throw new Error(`log history: ${response.status}`);
  const { entries } = (await response.json()) as {
    entries: { text: string; characterId?: string }[];
  };
  const created = entries.find((e) => e.characterId && e.text.startsWith(`${name} was created`));
  if (!created?.characterId) throw new Error(`no character named ${name}`);
  return created.characterId;
}

/**
 * Rolls `roll` (an attack against passive opposition, so no defender is waited on) until its
 * log line matches `wanted` (a hit of the size a test needs), then applies its outcome: the hit
 * is dealt. Returns the roll's id.
 */
export async function dealHit(
  bot: Bot,
  roll: {
    characterId: string;
    opposition: { characterId: string } & Record<string, unknown>;
  } & Record<string, unknown>,
  wanted: RegExp,
  tries = 150,
): Promise<string> {
  for (let i = 0; i < tries; i++) {
    const ack = await bot.send({ type: 'roll', action: 'attack', ...roll });
    const said = ack.result?.log?.map((e) => e.text).join(' ') ?? '';
    if (wanted.test(said)) {
      const rollId = String(ack.result?.rollId);
      await bot.send({ type: 'outcome.apply', rollId });
      return rollId;
    }
  }
  throw new Error(`no roll matching ${String(wanted)} in ${tries} tries`);
}

/** The GM's bot gives a character a consequence in a slot ('mild', 'moderate', …), named `text`. */
export async function takeConsequence(
  bot: Bot,
  characterId: string,
  slotId: string,
  text: string,
): Promise<void> {
  await bot.send({ type: 'consequence.take', characterId, slotId, text });
}

/** The GM's bot creates an NPC from `character` (a sheet as the command takes it); its id. */
export async function createNpc(bot: Bot, character: Record<string, unknown>): Promise<string> {
  const { result } = await bot.send({ type: 'character.create', npc: true, character });
  return String(result?.characterId);
}

/**
 * The board tools' commands as the GM's bot sends them, to set a board up quickly: three 4x3
 * zones in a row from (x, y), each bordering the next (their ids and the two borders'), a
 * situation aspect on a zone or a border (its id), and a character put in a zone, wherever it
 * stood.
 */
export function boardBuilder(bot: Bot) {
  const zone = async (name: string, x: number, y: number) =>
    (await bot.send({ type: 'zone.add', name, x, y, w: 4, h: 3 })).result?.zoneId as string;
  const border = async (a: string, b: string) =>
    (await bot.send({ type: 'border.add', a, b })).result?.borderId as string;
  return {
    row: async (
      [first, second, third]: readonly [string, string, string],
      x: number,
      y: number,
    ) => {
      const zones = [
        await zone(first, x, y),
        await zone(second, x + 4, y),
        await zone(third, x + 8, y),
      ] as const;
      const borders = [await border(zones[0], zones[1]), await border(zones[1], zones[2])] as const;
      return { zones, borders };
    },
    aspect: async (text: string, place: string) =>
      String(
        (await bot.send({ type: 'aspect.add', kind: 'situation', text, place })).result?.aspectId,
      ),
    place: async (characterId: string, zoneId: string) => {
      await bot.send({ type: 'board.move', characterId, zoneId, override: true });
    },
  };
}
