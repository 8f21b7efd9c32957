import fc from 'fast-check';
import type { RulesetId } from '@fateboard/rules';
import { sampleAttack as attackWith } from '../sheets/sample-sheets';
import type { LogEntry } from '../log/entry';
import type { TableView } from '../doc/views';

// Random command sequences for property tests, shared by the reducer's own property test and
// the server's economy guarantee (through `@fateboard/table/testing`): one generator, so a new
// command is drawn by both once it is added here.

/** One random step: who acts, which command, and numbers to fill it in. */
export interface Step {
  actor: number;
  kind: number;
  a: number;
  b: number;
  flag: boolean;
}

export const stepArb: fc.Arbitrary<Step> = fc.record({
  actor: fc.nat(4),
  // One value per shape in commandFor's list (44), so that every one is drawn.
  kind: fc.nat(43),
  a: fc.nat(9),
  b: fc.nat(9),
  flag: fc.boolean(),
});

/** The five kinds of sender: the GM, two seated players, a spectator, a seatless player. */
export type ActorKey = 'gm' | 'ann' | 'bob' | 'spectator' | 'seatless';
export const ACTORS: readonly ActorKey[] = ['gm', 'ann', 'bob', 'spectator', 'seatless'];

export interface Cast {
  ruleset: RulesetId;
  /** Ann's, Bob's and an NPC's character ids. */
  chars: [string, string, string];
  /** Character id → the actor who plays it (the NPC: the GM). */
  owner: Record<string, ActorKey>;
}

/** A command for this step, chosen from the live table so that many of them can succeed. */
export function commandFor(view: TableView, s: Step, cast: Cast): Record<string, unknown> {
  const { chars, ruleset } = cast;
  const c = chars[s.a % 3]!;
  const other = chars[s.b % 3]!;
  const skill = attackWith(ruleset);
  const roll = view.rolls[view.rolls.length - 1 - (s.b % Math.max(1, view.rolls.length))];
  const aspect = view.aspects[s.b % Math.max(1, view.aspects.length)];
  const compel = view.compels[s.a % Math.max(1, view.compels.length)];
  const help = view.help[s.b % Math.max(1, view.help.length)];
  const ref = aspect
    ? { aspectId: aspect.id }
    : { characterId: c, aspectId: ruleset === 'narrative' ? 'body' : 'hc' };
  const all: Record<string, unknown>[] = [
    { type: 'roll', characterId: c, ...skill, action: 'overcome', difficulty: s.b % 5 },
    {
      type: 'roll',
      characterId: c,
      ...skill,
      action: s.flag ? 'attack' : 'create-advantage',
      ...(s.flag ? { opposition: { characterId: other, ...skill } } : { difficulty: s.b % 4 }),
    },
    // Active defence: a roll against a character, that character's defence or concession.
    {
      type: 'roll',
      characterId: c,
      ...skill,
      action: s.flag ? 'attack' : 'overcome',
      defender: other,
    },
    { type: 'defend', rollId: roll?.id ?? 'none', ...skill },
    { type: 'concede', characterId: c, rollId: roll?.id ?? 'none' },
    {
      type: 'invoke',
      rollId: roll?.id ?? 'none',
      ref,
      free: s.flag,
      effect: s.a % 2 ? '+2' : 'reroll',
    },
    {
      type: 'invoke',
      rollId: roll?.id ?? 'none',
      ref: { characterId: c, aspectId: ruleset === 'narrative' ? 'body' : 'hc' },
      free: false,
      effect: '+2',
    },
    { type: 'compel.offer', characterId: c, text: 'Trouble finds you' },
    { type: 'compel.offer', characterId: c, text: 'A friend asks', fromCharacterId: other },
    { type: 'compel.accept', compelId: compel?.id ?? 'none' },
    { type: 'compel.refuse', compelId: compel?.id ?? 'none' },
    { type: 'compel.withdraw', compelId: compel?.id ?? 'none' },
    { type: 'fate-point.give', fromCharacterId: c, toCharacterId: other, amount: 1 + (s.b % 3) },
    { type: 'scene.start', name: 'Scene', characterIds: chars.slice(0, 1 + (s.b % 3)) },
    { type: 'scene.end' },
    { type: 'session.start' },
    { type: 'scenario.end' },
    { type: 'milestone.major' },
    {
      type: 'aspect.add',
      kind: s.flag ? 'boost' : 'situation',
      text: 'Smoke',
      freeInvokes: s.b % 3,
    },
    {
      type: 'outcome.apply',
      rollId: roll?.id ?? 'none',
      aspect: { text: 'Cornered' },
      boost: 'Opening',
    },
    {
      type: 'absorb',
      characterId: c,
      shifts: 1 + (s.b % 5),
      kind: 'physical',
      option: s.a % 3,
      names: { mild: 'Hurt', moderate: 'Hurt', severe: 'Hurt' },
    },
    { type: 'concede', characterId: c },
    { type: 'taken-out', characterId: c },
    { type: 'conflict.start', order: [...chars] },
    { type: 'conflict.next' },
    { type: 'conflict.end' },
    { type: 'conflict.order', order: s.flag ? [...view.conflict.order].reverse() : [c] },
    { type: 'gm.adjust', adjust: { what: 'fate-points', characterId: c, value: s.b } },
    { type: 'gm.adjust', adjust: { what: 'gm-pool', value: s.b } },
    { type: 'gm.adjust', adjust: { what: 'refresh', characterId: c, value: s.b % 6 } },
    { type: 'gm.prepare', kind: 'situation', text: 'Hidden', freeInvokes: s.b % 2 },
    { type: 'gm.note', text: 'Note' },
    { type: 'spotlight.push', ref },
    { type: 'character.update', characterId: c, changes: { name: 'Renamed' } },
    { type: 'consequence.take', characterId: c, slotId: 'mild', text: 'Bruised' },
    { type: 'consequence.clear', characterId: c, slotId: 'mild' },
    // Recovery: a roll against a consequence (someone else's half the time), its outcome with
    // a new name, and the GM's healing.
    {
      type: 'roll',
      characterId: c,
      ...skill,
      recovers: { characterId: s.flag ? c : other, slotId: s.a % 2 === 0 ? 'mild' : 'moderate' },
    },
    { type: 'outcome.apply', rollId: roll?.id ?? 'none', rename: 'Mending' },
    { type: 'consequence.heal', characterId: c, slotId: s.flag ? 'moderate' : 'severe' },
    // Teamwork: asking another character to help, its player's answer, a roll counting it.
    {
      type: 'help.ask',
      characterId: c,
      helperId: other,
      ...('skillId' in skill ? skill : { skillId: 'fight' }),
    },
    { type: 'help.answer', requestId: help?.id ?? 'none', accept: s.flag },
    { type: 'help.withdraw', requestId: help?.id ?? 'none' },
    { type: 'roll', characterId: c, ...skill, action: 'overcome', difficulty: 2, helpers: [other] },
    // Half the time an unknown seat (refused), else a real one, whose player comes back.
    {
      type: 'seat.remove',
      seatId: s.b % 2 === 0 ? (view.seats[s.a % 2]?.id ?? 'nobody') : 'nobody',
    },
  ];
  return all[s.kind % all.length]!;
}

/**
 * After the GM removed a seat: the player whose character it played (now unclaimed), who
 * joins again and claims it so that the sequence goes on with the same cast.
 */
export function removedPlayer(after: TableView, cast: Cast): ActorKey | undefined {
  for (const id of cast.chars) {
    const key = cast.owner[id];
    const character = after.characters.find((c) => c.id === id);
    if ((key === 'ann' || key === 'bob') && character && character.owner === undefined) return key;
  }
  return undefined;
}

/** The character an actor plays in the cast. */
export function characterOf(cast: Cast, key: ActorKey): string {
  return cast.chars.find((id) => cast.owner[id] === key)!;
}

/** Points in play: balances, held scene payouts and the GM pool. */
export function inPlay(v: TableView): number {
  return v.characters.reduce((n, c) => n + c.fatePoints + c.owed, 0) + v.gmPool;
}

/** Net points that entered play from the bank in these log entries. */
export function bankFlow(entries: readonly LogEntry[]): number {
  let n = 0;
  for (const e of entries) {
    for (const m of e.movements ?? []) {
      if (m.from.type === 'bank') n += m.amount;
      if (m.to.type === 'bank') n -= m.amount;
    }
  }
  return n;
}

/** Commands a player may send only for a character they play. */
const OWN_CHARACTER: Record<string, string> = {
  roll: 'characterId',
  'help.ask': 'characterId',
  absorb: 'characterId',
  concede: 'characterId',
  'fate-point.give': 'fromCharacterId',
  'character.update': 'characterId',
};

const GM_ONLY = new Set([
  'scene.start',
  'scene.end',
  'session.start',
  'consequence.heal',
  'scenario.end',
  'milestone.major',
  'gm.adjust',
  'gm.prepare',
  'gm.note',
  'gm.reveal',
  'gm.npc-draft',
  'conflict.start',
  'conflict.end',
  'conflict.order',
  'consequence.clear',
  'seat.remove',
]);

/** Whether the sender had no right to send this, whatever the table's state. */
export function unauthorised(actor: ActorKey, input: Record<string, unknown>, cast: Cast): boolean {
  if (actor === 'spectator' || actor === 'seatless') return true;
  if (actor === 'gm') return false;
  const type = input.type as string;
  if (GM_ONLY.has(type)) return true;
  const field = OWN_CHARACTER[type];
  return field !== undefined && cast.owner[input[field] as string] !== actor;
}

/** The economy's invariants after one command; returns what is wrong, if anything. */
export function economyProblems(
  before: TableView,
  after: TableView,
  log: readonly LogEntry[],
): string[] {
  const problems: string[] = [];
  if (after.gmPool < 0) problems.push(`GM pool ${after.gmPool}`);
  for (const c of after.characters) {
    if (c.fatePoints < 0) problems.push(`${c.name} has ${c.fatePoints} points`);
    if (c.owed < 0) problems.push(`${c.name} is owed ${c.owed}`);
  }
  const delta = inPlay(after) - inPlay(before);
  const flow = bankFlow(log);
  if (delta !== flow) problems.push(`points in play changed by ${delta}, the bank logged ${flow}`);
  for (const e of log) {
    for (const m of e.movements ?? []) {
      if (!(m.amount > 0)) problems.push(`a movement of ${m.amount}`);
      if (m.reason === 'give' && (m.from.type !== 'character' || m.to.type !== 'character')) {
        problems.push('a gift that touched the bank or the GM pool');
      }
    }
  }
  return problems;
}
