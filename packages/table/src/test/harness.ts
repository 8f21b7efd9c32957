import { expect } from 'vitest';
import * as Y from 'yjs';
import { seededRng } from '@fateboard/rules';
import type { RulesetId } from '@fateboard/rules';
import type { Actor, CommandOutcome } from '../commands/context';
import { applyCommand } from '../commands/reducer';
import { parseCommand } from '../commands/parse';
import { createTableDocs, type TableDocs } from '../doc/schema';
import { sampleSheet } from '../sheets/sample-sheets';
import { readTable } from '../doc/views';
import { checkTableDocs } from '../check/check-table';
import { problemSaid } from '../check/problem';

/** A table under test: seeded dice, a fake clock and counting ids. */
export class TestTable {
  readonly docs: TableDocs;
  readonly rng: () => number;
  now = 1_000;
  private ids = 0;
  private cmds = 0;

  constructor(ruleset: RulesetId = 'fate-core', seed = 1) {
    this.docs = createTableDocs({ id: 't1', name: 'Test table', ruleset });
    this.rng = seededRng(seed);
  }

  /**
   * Sends a raw command (parsed like the server does); the id is filled in. `claimedSeat`: the
   * seat whose claim code the server would have checked (a restored seat's `join`).
   */
  send(actor: Actor, input: Record<string, unknown>, claimedSeat?: string): CommandOutcome {
    this.cmds += 1;
    const parsed = parseCommand({ id: `c${this.cmds}`, ...input });
    if (!parsed.ok) return parsed;
    this.now += 1_000;
    const out = applyCommand({
      docs: this.docs,
      actor,
      command: parsed.command,
      rng: this.rng,
      now: this.now,
      newId: () => `id${++this.ids}`,
      ...(claimedSeat === undefined ? {} : { claimedSeat }),
    });
    // Every table a command leaves is one a restore accepts: checkTable after each command of
    // every test.
    const broken = out.ok ? checkTableDocs(this.docs) : undefined;
    if (broken)
      throw new Error(`${parsed.command.type} broke an invariant: ${problemSaid(broken)}`);
    return out;
  }

  /** Sends and expects success; returns the result. */
  ok(actor: Actor, input: Record<string, unknown>, claimedSeat?: string) {
    const out = this.send(actor, input, claimedSeat);
    if (!out.ok) throw new Error(`${String(input.type)} refused: ${out.code}: ${out.message}`);
    return out.result ?? {};
  }

  /** Both documents' full state, to check that a refusal changed nothing. */
  state(): [Uint8Array, Uint8Array] {
    return [Y.encodeStateAsUpdate(this.docs.pub), Y.encodeStateAsUpdate(this.docs.gm)];
  }
}

/** A character of the public document, by id (the test fails on a missing one). */
export const charOf = (t: TestTable, id: string) =>
  readTable(t.docs.pub).characters.find((c) => c.id === id)!;

/** A roll of the public document, by id. */
export const rollOf = (t: TestTable, id: string) =>
  readTable(t.docs.pub).rolls.find((r) => r.id === id)!;

/** A character's consequence slot, by id. */
export const slotOf = (t: TestTable, id: string, slotId: string) =>
  charOf(t, id).consequences.find((s) => s.id === slotId)!;

/** The newest log entry's text ('' when the log is empty). */
export const lastLogText = (t: TestTable) => readTable(t.docs.pub).log.at(-1)?.text ?? '';

/** The newest entry's message id and nested ids, as another language's reader gets them. */
export function lastLogIds(t: TestTable): string[] {
  const ids: string[] = [];
  const walk = (p: unknown): void => {
    if (Array.isArray(p)) p.forEach(walk);
    else if (typeof p === 'object' && p !== null && 'id' in p) {
      const m = p as { id: string; params?: Record<string, unknown> };
      ids.push(m.id);
      Object.values(m.params ?? {}).forEach(walk);
    }
  };
  walk(readTable(t.docs.pub).log.at(-1)?.msg);
  return ids;
}

/**
 * `actor` pays a fate point for +2 from `characterId`'s aspect (its High Concept unless named),
 * on the roll's actor side or its opposition's.
 */
export const paidInvoke = (
  t: TestTable,
  actor: Actor,
  rollId: string | undefined,
  characterId: string,
  aspectId = 'hc',
  side?: 'opposition',
) =>
  t.ok(actor, {
    type: 'invoke',
    rollId,
    ref: { characterId, aspectId },
    free: false,
    effect: '+2',
    ...(side ? { side } : {}),
  });

/** A `roll` command: `characterId` rolls `skillId` for `action`; `rest` adds the other fields. */
export const skillRoll = (
  characterId: string,
  skillId: string,
  action: string,
  rest: Record<string, unknown> = {},
) => ({ type: 'roll', characterId, skillId, action, ...rest });

export const GM: Actor = { role: 'gm' };
export const SPECTATOR: Actor = { role: 'spectator' };
export const player = (seatId?: string): Actor =>
  seatId === undefined ? { role: 'player' } : { role: 'player', seatId };

/** A valid player sheet for each ruleset, with stable aspect ids. */
export { sampleSheet as validSheet } from '../sheets/sample-sheets';

/** An active stunt that attacks everyone in a zone [CORE-TARGET-2], as a sheet carries it. */
export const VOLLEY = {
  id: 'volley',
  name: 'Rain of Bolts',
  text: 'Once per scene, attack everyone in a zone.',
  zoneAttack: true,
};

/** A new seat called `name` joins; answers its player. */
export const seat = (t: TestTable, name: string): Actor =>
  player(t.ok(player(), { type: 'join', name }).seatId);

/** `actor` creates a character from `character` (an NPC when `npc`); answers its id. */
export const created = (
  t: TestTable,
  actor: Actor,
  character: Record<string, unknown>,
  npc?: 'npc',
): string =>
  t.ok(actor, { type: 'character.create', character, ...(npc ? { npc: true } : {}) }).characterId!;

/** A table (fate-core unless named) where Ann's seat plays Zira (`a`) and Bob's plays Tam (`b`). */
export function seatedPair(seed = 3, ruleset: RulesetId = 'fate-core') {
  const t = new TestTable(ruleset, seed);
  const ann = seat(t, 'Ann');
  const bob = seat(t, 'Bob');
  const a = created(t, ann, sampleSheet(ruleset, 'Zira'));
  const b = created(t, bob, sampleSheet(ruleset, 'Tam'));
  return { t, ann, bob, a, b };
}

/** seatedPair and the GM's NPC, the Brute (`npc`); no scene. */
export function seatedWithBrute(seed = 3, ruleset: RulesetId = 'fate-core') {
  const s = seatedPair(seed, ruleset);
  const npc = created(s.t, GM, sampleSheet(ruleset, 'Brute'), 'npc');
  return { ...s, npc };
}

/** A table (fate-core unless named) with two seated players, their characters, an NPC and a running scene. */
export function sceneTable(seed = 3, ruleset: RulesetId = 'fate-core') {
  const s = seatedWithBrute(seed, ruleset);
  s.t.ok(GM, { type: 'scene.start', name: 'Docks', characterIds: [s.a, s.b, s.npc] });
  return s;
}

/** sceneTable with a situation aspect, On Fire, the GM holds one free invoke on. */
export function sceneWithAspect() {
  const s = sceneTable();
  const aspectId = s.t.ok(GM, {
    type: 'aspect.add',
    kind: 'situation',
    text: 'On Fire',
    freeInvokes: 1,
  }).aspectId!;
  return { ...s, aspectId };
}

/** An edgerunner table: Lydia's Jade, William's Hargan and Jon, seated; no NPC, no scene. */
export function edgerunnerParty(seed: number) {
  const t = new TestTable('edgerunner', seed);
  const lydia = seat(t, 'Lydia');
  const william = seat(t, 'William');
  const jon = seat(t, 'Jon');
  const jade = created(t, lydia, sampleSheet('edgerunner', 'Jade'));
  const hargan = created(t, william, sampleSheet('edgerunner', 'Hargan'));
  return { t, lydia, william, jon, jade, hargan };
}

/**
 * edgerunnerParty in a scene at the pillbox: Jon plays Switch, the GM's Gatto is in the scene
 * and a Guard outside it.
 */
export function edgerunnerTable() {
  const { t, lydia, william, jon, jade, hargan } = edgerunnerParty(3);
  const sw = created(t, jon, sampleSheet('edgerunner', 'Switch'));
  const gatto = created(
    t,
    GM,
    {
      name: 'Gatto',
      aspects: [{ id: 'cigar', slot: 'other', text: 'Never without a cigar' }],
      skills: [{ id: 'stealth', rating: 2 }],
    },
    'npc',
  );
  const guard = created(t, GM, { name: 'Guard', skills: [{ id: 'notice', rating: 2 }] }, 'npc');
  t.ok(GM, { type: 'scene.start', name: 'The pillbox', characterIds: [jade, hargan, sw, gatto] });
  return { t, lydia, william, jon, jade, hargan, sw, gatto, guard };
}

/** A fate-core table where Ann's seat plays Zira (`a`) and the GM plays Tam (`b`); no scene. */
export function annAndTam(seed: number) {
  const t = new TestTable('fate-core', seed);
  const ann = seat(t, 'Ann');
  const a = created(t, ann, sampleSheet('fate-core', 'Zira'));
  const b = created(t, GM, sampleSheet('fate-core', 'Tam'));
  return { t, ann, a, b };
}

/** Sends and expects a refusal with `code` that changed neither document. */
export function refused(
  t: TestTable,
  actor: Actor,
  input: Record<string, unknown>,
  code: string,
  claimedSeat?: string,
) {
  const before = t.state();
  const out = t.send(actor, input, claimedSeat);
  expect(out, JSON.stringify(input)).toMatchObject({ ok: false, code });
  if (!out.ok) expect(out.message.length).toBeGreaterThan(0);
  expect(t.state()).toEqual(before);
}

export { sampleAttack as attackWith } from '../sheets/sample-sheets';
