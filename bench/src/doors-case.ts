import { MAX_FILE_BYTES, toTableFile } from '@fateboard/interop';
import { largestLogFile, quantile, tinyAspectsFile, upload } from '@fateboard/server';
import type { Uploaded } from '@fateboard/server';
import { plainPng } from '@fateboard/server/png';
import { tableContent } from '@fateboard/table';
import { LONG_CAMPAIGN, playCampaign } from './campaign';
import { Participant, createTable } from './clients';
import { round, sleep } from './stats';
import { boardAttack } from './board-attack';

/**
 * The doors under attack (restore, Fari scene, log paging, pictures, board commands): while
 * attackers work each
 * door at its documented limits, another table's GM sends a command every 100 ms and its
 * round trips are timed. Targets: victim p99 under 50 ms and p50 within 2× of the quiet run,
 * for every door; the long-campaign table file restored in under 1 s of server time, the
 * largest allowed file in under 5 s, neither on the event loop (Server-Timing: `worker` is
 * the worker thread's, `store` the event loop's, a slice at a time).
 */

export interface VictimFigures {
  commands: number;
  p50: number;
  p99: number;
  max: number;
}

export interface DoorFigures {
  door: string;
  attack: string;
  /** Attacker requests answered in the window, by status. */
  answers: Record<string, number>;
  victim: VictimFigures;
}

export interface DoorsResults {
  quiet: VictimFigures;
  doors: DoorFigures[];
  restores: {
    file: string;
    bytes: number;
    logEntries: number;
    wallMs: number;
    workerMs: number;
    storeMs: number;
  }[];
}

const victimFigures = (times: number[]): VictimFigures => ({
  commands: times.length,
  p50: round(quantile(times, 0.5), 1),
  p99: round(quantile(times, 0.99), 1),
  max: round(Math.max(...times), 1),
});

/** The victim GM's round trips, a note every 100 ms, for `ms`. */
async function victim(gm: Participant, ms: number): Promise<number[]> {
  const times: number[] = [];
  const end = performance.now() + ms;
  for (let i = 0; performance.now() < end; i++) {
    const start = performance.now();
    await gm.ok({ type: 'gm.note', text: `Bell ${i}` });
    const took = performance.now() - start;
    times.push(took);
    await sleep(Math.max(0, 100 - took));
  }
  return times;
}

/** `attackers` loops of `request` until `stop`, counting answers by status. */
function attack(
  attackers: number,
  request: (i: number) => Promise<{ status: number }>,
): { stop: () => Promise<Record<string, number>> } {
  let stopping = false;
  const answers: Record<string, number> = {};
  const loops = Array.from({ length: attackers }, async (_, i) => {
    while (!stopping) {
      const { status } = await request(i).catch(() => ({ status: 0 }));
      answers[status] = (answers[status] ?? 0) + 1;
      // A refused attacker tries again soon. The attackers run in this process, beside the
      // victim's client: a busy loop of refusals would slow the measuring, not the server.
      if (status === 429 || status === 503) await sleep(100);
    }
  });
  return {
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
      return answers;
    },
  };
}

/** A Fari scene as large as the door allows: forty titled cards, each with long notes. */
function largestScene(): string {
  const filler = 'The harbour bell rings once more over the grey water. ';
  const card = (i: number) => ({
    id: `card-${i}`,
    title: `Card ${i}: fog over the harbour`,
    content: filler.repeat(Math.floor(MAX_FILE_BYTES / 45 / filler.length)),
    blocks: [],
  });
  return JSON.stringify({
    fariType: 'scene',
    name: 'A foggy harbour',
    version: 3,
    indexCards: {
      public: Array.from({ length: 20 }, (_, i) => card(i)),
      private: Array.from({ length: 20 }, (_, i) => card(20 + i)),
    },
  });
}

export async function runDoors(
  base: string,
  seconds: number,
  say: (line: string) => void,
): Promise<DoorsResults> {
  const restorePath = '/api/tables/restore';
  const table = await createTable(base, 'Next door');
  const gm = await Participant.connect(base, table.tokens.gm, 'victim');
  const ms = seconds * 1000;
  try {
    // Restore times on the quiet server: the long campaign's own file, then the largest file.
    const campaign = playCampaign(LONG_CAMPAIGN, 100_000);
    const longFile = JSON.stringify(
      toTableFile({
        table: { name: 'A long campaign', ruleset: 'fate-core', created: 1_700_000_000_000 },
        content: tableContent(campaign.docs),
        log: campaign.log,
        exportedAt: Date.now(),
      }),
    );
    const largest = largestLogFile();
    const restores: DoorsResults['restores'] = [];
    const timeRestore = async (file: string, text: string, logEntries: number) => {
      // The first restore also starts the worker thread: timed once warm.
      await upload(base, restorePath, text, { from: '127.0.9.1' });
      const a = await upload(base, restorePath, text, { from: '127.0.9.1' });
      if (a.status !== 201) throw new Error(`restore of ${file}: ${a.status} ${a.body.code}`);
      restores.push({
        file,
        bytes: text.length,
        logEntries,
        wallMs: round(a.ms, 0),
        workerMs: round(a.timing.worker ?? NaN, 0),
        storeMs: round(a.timing.store ?? NaN, 0),
      });
      say(
        `  restore ${file}: ${round(a.ms, 0)} ms (worker ${a.timing.worker} ms, store ${a.timing.store} ms)`,
      );
    };
    await timeRestore('long campaign (15,000 commands)', longFile, campaign.log.length);
    await timeRestore('largest allowed', largest.text, largest.entries);

    const quiet = victimFigures(await victim(gm, ms));
    say(`  quiet: p50 ${quiet.p50} ms, p99 ${quiet.p99} ms`);
    const doors: DoorFigures[] = [];
    const door = async (
      name: string,
      what: string,
      attackers: number,
      request: (i: number) => Promise<Uploaded | { status: number }>,
    ) => {
      const running = attack(attackers, request);
      const times = await victim(gm, ms);
      const answers = await running.stop();
      const figures = { door: name, attack: what, answers, victim: victimFigures(times) };
      doors.push(figures);
      say(
        `  ${name}: victim p50 ${figures.victim.p50} ms, p99 ${figures.victim.p99} ms, max ${figures.victim.max} ms; answers ${JSON.stringify(answers)}`,
      );
    };

    const aspects = tinyAspectsFile();
    await door(
      'restore',
      'four addresses at once, the largest log file and the costliest refused file, plain and gzipped',
      4,
      (i) =>
        upload(base, restorePath, i % 2 === 0 ? largest.text : aspects, {
          from: `127.0.10.${i + 1}`,
          gzip: i >= 2,
        }),
    );

    const own = await createTable(base, 'The attacker’s own');
    const scene = largestScene();
    await door(
      'fari-scene',
      'the largest Fari scene (1 MiB), two at once, on the attacker’s table',
      2,
      () => upload(base, `/api/tables/${own.id}/fari-scene`, scene, { token: own.tokens.gm }),
    );

    const big = await upload(base, restorePath, largest.text, { from: '127.0.9.2' });
    const bigId = String(big.body.id);
    const spectator = new URL(
      String((big.body.links as Record<string, string>).spectator),
    ).hash.slice(7);
    const entries = largest.entries;
    await door(
      'log',
      'three spectators paging the largest restored log, 200 entries a page',
      3,
      async () => {
        const before = 1 + Math.floor(Math.random() * entries);
        const res = await fetch(`${base}/api/tables/${bigId}/log?limit=200&before=${before}`, {
          headers: { authorization: `Bearer ${spectator}` },
        });
        await res.arrayBuffer();
        return { status: res.status };
      },
    );

    // The costliest picture the door decodes: 49 million pixels, all of them real (a few
    // dozen KiB of PNG), re-encoded with its two smaller copies; the same one again and again,
    // which the server decodes every time before it knows it holds it.
    const costly = plainPng(7000, 7000);
    await door(
      'pictures',
      'two addresses uploading a 7000 × 7000 map (49 million pixels) to the attacker’s table',
      2,
      (i) =>
        upload(base, `/api/tables/${own.id}/images?kind=map`, costly, {
          token: own.tokens.gm,
          type: 'image/png',
          from: `127.0.11.${i + 1}`,
        }),
    );

    const board = await boardAttack(base);
    try {
      await door(
        'board',
        'four GM connections moving a token across a full board (40 zones, 67 borders) and renaming zones, back to back',
        4,
        (i) => board.command(i),
      );
    } finally {
      board.close();
    }
    return { quiet, doors, restores };
  } finally {
    gm.close();
  }
}
