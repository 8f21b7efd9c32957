import * as Y from 'yjs';
import { compactTableDocs } from '@fateboard/table';
import type { CampaignActor, CampaignCast, CampaignSize } from './campaign';
import { campaignScript } from './campaign';
import { Participant, Receiver, createTable, docUrl } from './clients';
import type { Ack } from './clients';
import { step2Update } from './longtable-case';

/**
 * The phone case's tables, made through the real server (REST, socket.io), so that they hold
 * what a table of that age holds: its documents as the server's rebuild policy left them, and
 * the log and roll history that "Load older" and the roll feed page through.
 */
export interface PhoneTable {
  id: string;
  tokens: { gm: string; spectator: string };
  /** The two players' own seat tokens (Ann, then Bob), as their browsers keep them. */
  seats: { seatId: string; token: string }[];
  /** Bob's connection: he rolls while the measured pages watch. */
  bob: Participant;
  bobCharacterId: string;
  /** The GM's connection, open throughout: the table stays loaded, as in a session. */
  gm: Participant;
  /** The document a newcomer downloads against its content, sampled as the campaign went. */
  served: { commands: number; bytes: number; contentBytes: number }[];
  commands: number;
}

/** What a newcomer downloads now, and what the same content takes without its history. */
async function sampleServed(
  base: string,
  tableId: string,
  token: string,
): Promise<{ bytes: number; contentBytes: number }> {
  const joiner = new Receiver(docUrl(base, tableId, token), { keepStep2: true });
  await joiner.connect();
  await joiner.close();
  const frame = joiner.step2!;
  const pub = new Y.Doc();
  Y.applyUpdate(pub, step2Update(frame));
  const gm = new Y.Doc();
  const content = compactTableDocs({ pub, gm });
  const contentBytes = Y.encodeStateAsUpdate(content.pub).length;
  for (const d of [pub, gm, content.pub, content.gm]) d.destroy();
  return { bytes: frame.length, contentBytes };
}

/**
 * A table with two seated players, played through `size` of the long campaign (none: a
 * fresh table, the players' characters made and a scene started). Commands go as the
 * campaign's people would send them; a person's next command waits for the answer to the
 * one before when someone else sent it (the players pass fate points back and forth), and
 * otherwise goes with up to `window` in flight.
 */
export async function makePhoneTable(
  base: string,
  name: string,
  size: CampaignSize,
  samples: number,
  window = 16,
): Promise<PhoneTable> {
  const created = await createTable(base, name);
  const gm = await Participant.connect(base, created.tokens.gm, 'gm');
  const seats = new Map<string, Participant>();
  const seatTokens: { seatId: string; token: string }[] = [];
  const total = size.fatePointMoves + size.aspectEdits + size.rolls;
  const every = samples > 0 ? Math.max(1, Math.floor(total / samples)) : Infinity;
  const served: PhoneTable['served'] = [];

  const sender = (actor: CampaignActor): Participant => {
    if (actor.as === 'gm') return gm;
    if (actor.as === 'newcomer') throw new Error('a newcomer only joins');
    const seat = seats.get(actor.seatId);
    if (!seat) throw new Error(`no connection for seat ${actor.seatId}`);
    return seat;
  };
  const inFlight = new Set<Promise<Ack>>();
  const failures: string[] = [];
  const script = campaignScript(size);
  let done = 0;
  let last: Participant | undefined;
  let step = script.next();
  while (!step.done) {
    const { actor, input, main } = step.value;
    if (!main) {
      // Setting up: each answer decides the next command. A newcomer comes on the player
      // link, a connection of their own each (a seat is one a connection).
      const newcomer =
        actor.as === 'newcomer'
          ? await Participant.connect(base, created.tokens.player, 'newcomer')
          : undefined;
      const ack = await (newcomer ?? sender(actor)).ok(input);
      newcomer?.close();
      const result = ack.result ?? {};
      if (input.type === 'join') {
        const token = String(result.seatToken);
        const seatId = String(result.seatId);
        seats.set(seatId, await Participant.connect(base, token, `seat-${seatTokens.length}`));
        seatTokens.push({ seatId, token });
      }
      step = script.next(result);
      continue;
    }
    const from = sender(actor);
    if (from !== last) await Promise.all(inFlight);
    last = from;
    const sent = from.send(input);
    inFlight.add(sent);
    void sent.then((ack) => {
      inFlight.delete(sent);
      if (!ack.ok) failures.push(`${String(input.type)}: ${ack.code ?? ''} ${ack.message ?? ''}`);
    });
    if (inFlight.size >= window) await Promise.race(inFlight);
    done++;
    if (done % every === 0) {
      await Promise.all(inFlight);
      served.push({
        commands: done,
        ...(await sampleServed(base, created.id, created.tokens.spectator)),
      });
    }
    step = script.next({});
  }
  await Promise.all(inFlight);
  if (failures.length > 0) {
    throw new Error(`${failures.length} campaign commands refused, first: ${failures[0]}`);
  }
  const cast: CampaignCast = step.value;
  const [, bobSeat] = seatTokens;
  for (const [seatId, p] of seats) if (seatId !== bobSeat?.seatId) p.close();
  return {
    id: created.id,
    tokens: { gm: created.tokens.gm, spectator: created.tokens.spectator },
    seats: seatTokens,
    bob: seats.get(bobSeat!.seatId)!,
    bobCharacterId: cast.characterIds[1]!,
    gm,
    served,
    commands: done,
  };
}
