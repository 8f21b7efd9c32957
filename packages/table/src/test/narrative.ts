import { loadDice } from './dice';
import type { Actor } from '../commands/context';
import { GM, TestTable, created, seat } from './harness';
import { sampleSheet } from '../sheets/sample-sheets';

// The narrative table the reducer's narrative tests share, and its usual blow.

/** A narrative table: Ann's Zira, the GM's Brute and a Minion one level above Poor; no scene. */
export function narrativeTable() {
  const t = new TestTable('narrative', 5);
  const ann = seat(t, 'Ann');
  const zira = created(t, ann, sampleSheet('narrative', 'Zira'));
  const brute = created(t, GM, sampleSheet('narrative', 'Brute'), 'npc');
  const minion = created(
    t,
    GM,
    {
      name: 'Minion',
      aspects: [
        { id: 'body', slot: 'other', text: 'Wiry', rating: 0 },
        { id: 'mind', slot: 'other', text: 'Dull', rating: -1 },
      ],
    },
    'npc',
  );
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
