import type { CreatedTable } from './clients';
import { Participant, Receiver, createTable, docUrl, inBatches } from './clients';
import type { CommandKind } from './open-loop';
import { sampleSheet } from '@fateboard/table';

/** One table with a GM and six players, each with a socket.io connection and a replica. */
export interface FanoutTable {
  table: CreatedTable;
  gm: Participant;
  players: Participant[];
  characterIds: string[];
  aspectIds: string[];
  /** GM's and players' replicas; the GM's keeps its frames (the probe). */
  receivers: Receiver[];
  probe: Receiver;
  /** Commands sent so far: command n's kind and sender follow from n across rounds. */
  next: number;
}

export async function setupFanoutTable(base: string): Promise<FanoutTable> {
  const table = await createTable(base, 'Fan-out');
  const gm = await Participant.connect(base, table.tokens.gm, 'gm');
  const probe = new Receiver(docUrl(base, table.id, table.tokens.gm), { keepFrames: true });
  await probe.connect();
  const players: Participant[] = [];
  const characterIds: string[] = [];
  const receivers = [probe];
  for (let i = 0; i < 6; i++) {
    const p = await Participant.connect(base, table.tokens.player, `p${i}`);
    await p.ok({ type: 'join', name: `Player ${i}` });
    const ack = await p.ok({
      type: 'character.create',
      character: sampleSheet('fate-core', `Hero ${i}`),
    });
    characterIds.push(String(ack.result?.characterId));
    players.push(p);
    const r = new Receiver(docUrl(base, table.id, table.tokens.player));
    await r.connect();
    receivers.push(r);
  }
  const aspectIds: string[] = [];
  for (const text of ['On Fire', 'Collapsing Roof']) {
    const ack = await gm.ok({ type: 'aspect.add', kind: 'situation', text, freeInvokes: 1 });
    aspectIds.push(String(ack.result?.aspectId));
  }
  return { table, gm, players, characterIds, aspectIds, receivers, probe, next: 0 };
}

/**
 * Command k: the GM pushes an aspect, then moves a fate point between two characters, back
 * and forth. One sender on one connection keeps them in order: from two connections, a
 * lagging server could read several of one player's transfers in a row and run one dry.
 */
export function fanoutCommand(
  t: FanoutTable,
  k: number,
): { kind: CommandKind; from: Participant; command: Record<string, unknown> } {
  if (k % 2 === 0) {
    return {
      kind: 'push',
      from: t.gm,
      command: { type: 'spotlight.push', ref: { aspectId: t.aspectIds[(k / 2) % 2] } },
    };
  }
  const forward = ((k - 1) / 2) % 2 === 0;
  return {
    kind: 'give',
    from: t.gm,
    command: {
      type: 'fate-point.give',
      fromCharacterId: forward ? t.characterIds[0] : t.characterIds[1],
      toCharacterId: forward ? t.characterIds[1] : t.characterIds[0],
    },
  };
}

/** Connects `count` more receivers to `url(i)`, 50 at a time. */
export async function addReceivers(
  into: Receiver[],
  count: number,
  url: (i: number) => string,
  options: ConstructorParameters<typeof Receiver>[1] = {},
): Promise<void> {
  const fresh = Array.from({ length: count }, (_, i) => new Receiver(url(i), options));
  await inBatches(fresh, 50, (r) => r.connect());
  into.push(...fresh);
}
