import { loadDice } from './dice';
import type { Actor } from '../commands/context';
import { GM, TestTable, player } from './harness';
import { sampleSheet } from '../sheets/sample-sheets';

// The narrative table the reducer's narrative tests share, and its usual blow.

/** A narrative table: Ann's Zira, the GM's Brute and a Minion one level above Poor; no scene. */
export function narrativeTable() {
  const t = new TestTable('narrative', 5);
  const ann = player(t.ok(player(), { type: 'join', name: 'Ann' }).seatId);
  const zira = t.ok(ann, {
    type: 'character.create',
    character: sampleSheet('narrative', 'Zira'),
  }).characterId!;
  const brute = t.ok(GM, {
    type: 'character.create',
    npc: true,
    character: sampleSheet('narrative', 'Brute'),
  }).characterId!;
  const minion = t.ok(GM, {
    type: 'character.create',
    npc: true,
    character: {
      name: 'Minion',
      aspects: [
        { id: 'body', slot: 'other', text: 'Wiry', rating: 0 },
        { id: 'mind', slot: 'other', text: 'Dull', rating: -1 },
      ],
    },
  }).characterId!;
  return { t, ann, zira, brute, minion };
}

/**
 * `attacker` (played by `actor`) attacks `target`, body against body, with the dice `faces`
 * (the attacker's, then the defender's); answers the roll's id.
 */
export function bodyAttack(
  t: TestTable,
  actor: Actor,
  attacker: string,
  target: string,
  faces: number[],
): string {
  loadDice(t, faces);
  return t.ok(actor, {
    type: 'roll',
    characterId: attacker,
    aspectId: 'body',
    action: 'attack',
    opposition: { characterId: target, aspectId: 'body' },
  }).rollId!;
}
