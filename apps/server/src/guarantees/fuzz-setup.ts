import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sampleAttack, sampleSheet } from '@fateboard/table';
import { connectSocket } from '../test/harness';
import type { CreatedTable } from '../test/harness';
import { commandCase } from './fuzz-commands';
import type { KnownIds } from './fuzz-commands';
import { knownIds } from './fuzz-lanes';
import { yjsCase } from './fuzz-messages';
import type { Rand } from './fuzz-messages';
import type { RetryingClient } from './support';

// The fuzzer's plan (fuzz.test.ts): the codes PROTOCOL.md promises, what one message sent is,
// the tables it attacks made lived-in, and one batch drawn up front from the seed.

/**
 * The refusal codes docs/PROTOCOL.md promises: the commands' table ("Error codes") and the
 * server's ("Server-side codes"). An answer with any other code is a finding: either the
 * server says something the protocol does not, or the protocol forgot to say it.
 */
export function documentedCodes(): string[] {
  const protocol = readFileSync(join(import.meta.dirname, '../../../../docs/PROTOCOL.md'), 'utf8');
  const tableAfter = (heading: string) => {
    const start = protocol.indexOf(heading);
    if (start < 0) throw new Error(`PROTOCOL.md has no "${heading}"`);
    const rows = protocol
      .slice(start)
      .split('\n\n')
      .find((block) => block.startsWith('| code'));
    return [...(rows ?? '').matchAll(/^\| `([a-z-]+)`/gm)].map((m) => m[1]!);
  };
  const codes = [...tableAfter('### Error codes'), ...tableAfter('Server-side codes')];
  if (codes.length < 10) throw new Error('PROTOCOL.md lists too few error codes: read wrongly?');
  return codes;
}

export type TableKey = 'attack' | 'control';
export type Role = 'gm' | 'player' | 'seatless' | 'spectator';
/** One message as sent, enough to send it again alone. */
export interface Sent {
  channel: 'socket.io' | 'y-websocket';
  table: TableKey;
  role: Role;
  doc?: 'pub' | 'gm';
  kind: string;
  data: Uint8Array | string;
  /** y-websocket: the client stops reading after sending it (see YjsLane). */
  stall?: boolean;
}
export interface Finding {
  what: string;
  seed: number;
  batch: number;
  count: number;
  example: Record<string, unknown>;
}

export function describeSent(s: Sent): Record<string, unknown> {
  const { data, ...rest } = s;
  const head = typeof data === 'string' ? data.slice(0, 300) : Buffer.from(data.slice(0, 48));
  const bytes = typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  return { ...rest, bytes, head: typeof head === 'string' ? head : head.toString('hex') };
}

/** A seated player with a character, an NPC, an aspect, a roll, a compel, a secret and a note. */
export async function furnish(
  url: string,
  dataDir: string,
  table: CreatedTable,
  gm: RetryingClient,
): Promise<string> {
  const ann = await connectSocket(url, table.tokens.player, 'ann');
  const joined = await ann.ok({ type: 'join', name: 'Ann' });
  await ann.ok({ type: 'character.create', character: sampleSheet('fate-core', 'Zira') });
  ann.close();
  const ok = async (command: Record<string, unknown>) => {
    const ack = await gm.send({ id: `setup-${Math.random()}`, ...command });
    if (!ack.ok) throw new Error(`${String(command.type)}: ${ack.code} ${ack.message}`);
    return ack;
  };
  await ok({ type: 'character.create', npc: true, character: sampleSheet('fate-core', 'Vex') });
  const ids = knownIds(dataDir, table.id).characters!;
  await ok({ type: 'aspect.add', kind: 'situation', text: 'On Fire', freeInvokes: 2 });
  await ok({ type: 'gm.prepare', kind: 'situation', text: 'Trapdoor', note: 'secret' });
  await ok({ type: 'gm.note', text: 'A note' });
  await ok({ type: 'scene.start', name: 'The Docks', characterIds: ids });
  await ok({ type: 'roll', characterId: ids[0], ...sampleAttack('fate-core'), action: 'overcome' });
  await ok({ type: 'compel.offer', characterId: ids[0], text: 'Trouble finds you' });
  return (joined.result as { seatToken: string }).seatToken;
}

/** One lane of socket.io commands: a table, a role and its cases in order. */
export interface IoLane {
  table: TableKey;
  role: Role;
  cases: { sent: Sent; mustRefuse: boolean }[];
}

/**
 * One batch, drawn up front from the seed: `commands` commands by socket.io lane and
 * `messages` y-websocket messages by lane (table, role and document).
 */
export function drawBatch(
  r: Rand,
  ids: Record<TableKey, KnownIds>,
  idPrefix: string,
  clientIds: readonly number[],
  commands: number,
  messages: number,
): { ioLanes: Map<string, IoLane>; yjsLanes: Map<string, Sent[]> } {
  const ioLanes = new Map<string, IoLane>();
  for (let i = 0; i < commands; i++) {
    const table: TableKey = r.chance(0.4) ? 'control' : 'attack';
    const c = commandCase(r, ids[table], `${idPrefix}-${i}`);
    let role = r.pick<Role>(['gm', 'gm', 'gm', 'player', 'player', 'seatless', 'spectator']);
    if (table === 'control' && !c.mustRefuse) role = 'spectator';
    if (table === 'control' && role === 'seatless') role = 'gm';
    const key = `${table}/${role}`;
    if (!ioLanes.has(key)) ioLanes.set(key, { table, role, cases: [] });
    const s: Sent = { channel: 'socket.io', table, role, kind: c.kind, data: c.text };
    ioLanes.get(key)!.cases.push({ sent: s, mustRefuse: c.mustRefuse || role === 'spectator' });
  }
  const yjsLanes = new Map<string, Sent[]>();
  for (let i = 0; i < messages; i++) {
    const table: TableKey = r.chance(0.5) ? 'control' : 'attack';
    const role = r.pick<Role>(['gm', 'player', 'spectator']);
    const doc = role === 'gm' && r.chance(0.3) ? 'gm' : 'pub';
    const m = yjsCase(r, clientIds);
    const key = `${table}/${role}/${doc}`;
    yjsLanes.set(key, [
      ...(yjsLanes.get(key) ?? []),
      { channel: 'y-websocket', table, role, doc, ...m },
    ]);
  }
  return { ioLanes, yjsLanes };
}
