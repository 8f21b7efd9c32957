import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { sampleSheet } from '@fateboard/table';
import { Participant, createTable, docUrl } from './clients';
import { percentile, round, sleep } from './stats';

// The doors one person could once push a server through (budgets per principal, Limits):
// while an attacker works each at and past its documented limits from an address of its own
// (127.0.0.2), another table's GM (on 127.0.0.1) sends a command every 100 ms, and its round
// trips are timed. The server under test runs the default limits (server-process.ts
// `default-limits`), not the bench's raised ones. Targets: victim p99 under 50 ms and p50
// within 2× of the quiet run.

const ATTACKER = '127.0.0.2';
const VICTIM_EVERY_MS = 100;

export interface DoorFigures {
  victimP50: number;
  victimP99: number;
  victimCommands: number;
  /** What the attacker tried, and what the server let through, per second. */
  attemptsPerSecond: number;
  acceptedPerSecond: number;
  /** Within target: p99 < 50 ms and p50 ≤ 2× quiet. */
  ok: boolean;
}

export interface BudgetFigures {
  seconds: number;
  quiet: { victimP50: number; victimP99: number; victimCommands: number };
  chatFlood: DoorFigures & { connections: number };
  commandFlood: DoorFigures & { connections: number };
  connectionChurn: DoorFigures;
}

/** The victim: a GM sending a note every 100 ms until `until`, its round trips in ms. */
async function victim(gm: Participant, until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; !until(); i++) {
    const start = performance.now();
    await gm.ok({ type: 'gm.note', text: `Watch the harbour, bell ${i}` });
    times.push(performance.now() - start);
    await sleep(Math.max(0, VICTIM_EVERY_MS - (performance.now() - start)));
  }
  return times;
}

/** A socket.io connection from the attacker's address, or undefined when refused. */
async function attackerSocket(base: string, token: string, name: string) {
  try {
    return await Participant.connect(base, token, name, ATTACKER);
  } catch {
    return undefined;
  }
}

function timed(times: number[]) {
  return {
    victimP50: round(percentile(times, 50)),
    victimP99: round(percentile(times, 99)),
    victimCommands: times.length,
  };
}

export async function runBudgets(
  base: string,
  quick: boolean,
  say: (line: string) => void,
): Promise<BudgetFigures> {
  const seconds = quick ? 3 : 10;
  const ms = seconds * 1000;
  const victimTable = await createTable(base, 'Victim');
  const gm = await Participant.connect(base, victimTable.tokens.gm, 'victim');
  const run = async (attack: (until: () => boolean) => Promise<[number, number]>) => {
    const end = performance.now() + ms;
    const until = () => performance.now() >= end;
    const [times, [attempts, accepted]] = await Promise.all([victim(gm, until), attack(until)]);
    return { times, attempts: attempts / seconds, accepted: accepted / seconds };
  };

  const quietTimes = await victim(
    gm,
    (
      (end) => () =>
        performance.now() >= end
    )(performance.now() + ms),
  );
  const quiet = timed(quietTimes);
  say(`  quiet: victim p50 ${quiet.victimP50} ms, p99 ${quiet.victimP99} ms`);
  const door = (r: { times: number[]; attempts: number; accepted: number }): DoorFigures => {
    const t = timed(r.times);
    return {
      ...t,
      attemptsPerSecond: round(r.attempts),
      acceptedPerSecond: round(r.accepted),
      ok: t.victimP99 < 50 && t.victimP50 <= 2 * Math.max(quiet.victimP50, 1),
    };
  };
  const line = (name: string, f: DoorFigures) =>
    say(
      `  ${name}: victim p50 ${f.victimP50} ms, p99 ${f.victimP99} ms (${f.ok ? 'within' : 'OUTSIDE'} target); attacker ${f.attemptsPerSecond}/s tried, ${f.acceptedPerSecond}/s let through`,
    );

  // 1. A chat flood over many connections of one seat.
  const chatTable = await createTable(base, 'Chat flood');
  const joiner = await Participant.connect(base, chatTable.tokens.player, 'joiner', ATTACKER);
  const seatToken = String((await joiner.ok({ type: 'join', name: 'Flood' })).result?.seatToken);
  const chatWanted = quick ? 50 : 200;
  const chatSockets = (
    await Promise.all(
      Array.from({ length: chatWanted }, (_, i) => attackerSocket(base, seatToken, `chat${i}`)),
    )
  ).filter((p): p is Participant => p !== undefined);
  const chat = await run(async (until) => {
    let attempts = 0;
    let accepted = 0;
    while (!until()) {
      await Promise.all(
        chatSockets.map(async (p, i) => {
          attempts++;
          const answer = (await p.socket
            .timeout(10_000)
            .emitWithAck('chat.send', { to: { kind: 'table' }, text: `flood ${i}` })
            .catch(() => ({ ok: false }))) as { ok: boolean };
          if (answer.ok) accepted++;
        }),
      );
      await sleep(200);
    }
    return [attempts, accepted];
  });
  for (const p of [joiner, ...chatSockets]) p.close();
  const chatFlood = { ...door(chat), connections: chatSockets.length };
  line(`chat flood (${chatSockets.length} connections of one seat)`, chatFlood);

  // 2. A command flood over 20 connections of one seat, each at 19 rolls a second.
  const rollTable = await createTable(base, 'Command flood');
  const roller = await Participant.connect(base, rollTable.tokens.player, 'roller', ATTACKER);
  const rollerSeat = String((await roller.ok({ type: 'join', name: 'Roller' })).result?.seatToken);
  const created = await roller.ok({
    type: 'character.create',
    character: sampleSheet('fate-core', 'Zira'),
  });
  const characterId = String(created.result?.characterId);
  const rollSockets = (
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => attackerSocket(base, rollerSeat, `roll${i}`)),
    )
  ).filter((p): p is Participant => p !== undefined);
  const roll = { type: 'roll', characterId, skillId: 'fight', action: 'overcome', difficulty: 2 };
  const commands = await run(async (until) => {
    let attempts = 0;
    let accepted = 0;
    await Promise.all(
      rollSockets.map(async (p) => {
        while (!until()) {
          attempts++;
          p.emit(roll, (ack) => {
            if (ack.ok) accepted++;
          });
          await sleep(1000 / 19);
        }
      }),
    );
    return [attempts, accepted];
  });
  for (const p of [roller, ...rollSockets]) p.close();
  const commandFlood = { ...door(commands), connections: rollSockets.length };
  line(`command flood (${rollSockets.length} connections of one seat)`, commandFlood);

  // 3. Connection churn on a spectator link: open, read the first frame, close, again.
  const churnTable = await createTable(base, 'Churn');
  const url = docUrl(base, churnTable.id, churnTable.tokens.spectator);
  const churn = await run(async (until) => {
    let attempts = 0;
    let accepted = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (!until()) {
          attempts++;
          if (await churnOnce(url)) accepted++;
        }
      }),
    );
    return [attempts, accepted];
  });
  const connectionChurn = door(churn);
  line('connection churn (spectator link)', connectionChurn);
  gm.close();
  return { seconds, quiet, chatFlood, commandFlood, connectionChurn };
}

/** One y-websocket connection from the attacker: whether the server admitted it. */
function churnOnce(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { localAddress: ATTACKER });
    const done = (admitted: boolean) => {
      ws.terminate();
      resolve(admitted);
    };
    ws.once('message', () => done(true));
    ws.once('close', () => done(false));
    ws.once('unexpected-response', () => done(false));
    ws.once('error', () => done(false));
  });
}
