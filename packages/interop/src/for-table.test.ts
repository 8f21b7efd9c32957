import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RulesetId } from '@fateboard/rules';
import { RULESET_IDS, seededRng } from '@fateboard/rules';
import { applyCommand, createTableDocs, readTable } from '@fateboard/table';
import type { Actor } from '@fateboard/table';
import { describe, expect, it } from 'vitest';
import { importForTable } from './for-table';
import { fixture } from './test/fixtures';

/**
 * The import preview is what the table creates: every character file, in every game, created
 * with `character.create` from the sheet `importForTable` gives, as a player and as the GM's NPC;
 * what the report maps is on the created character, and what it does not keep it says so.
 */

const dir = fileURLToPath(new URL('../fixtures/', import.meta.url));
const FILES = ['fari', 'foundry'].flatMap((sub) =>
  readdirSync(`${dir}${sub}`).map((name) => `${sub}/${name}`),
);

/** Creates the sheet at a fresh table of `ruleset`, as a player or as the GM's NPC. */
function create(ruleset: RulesetId, sheet: unknown, npc: boolean) {
  const docs = createTableDocs({ id: 't', name: 'T', ruleset });
  let ids = 0;
  const run = (actor: Actor, command: Record<string, unknown>) =>
    applyCommand({
      docs,
      actor,
      command: { id: `c${++ids}`, ...command } as never,
      rng: seededRng(1),
      now: 1000,
      newId: () => `id${++ids}`,
    });
  let actor: Actor = { role: 'gm' };
  if (!npc) {
    const joined = run({ role: 'player' }, { type: 'join', name: 'Dee' });
    if (!joined.ok) throw new Error(joined.message);
    actor = { role: 'player', seatId: joined.result!.seatId! };
  }
  const out = run(actor, { type: 'character.create', character: sheet, ...(npc ? { npc } : {}) });
  return out.ok ? readTable(docs.pub).characters[0] : undefined;
}

describe('a character file imported at a table: the preview is what is created', () => {
  it.each(FILES)('%s, in every game, as a player character and as an NPC', (file) => {
    let created = 0;
    for (const ruleset of RULESET_IDS) {
      for (const npc of [false, true]) {
        const read = importForTable(fixture(file), ruleset, { npc });
        if (!read.ok) throw new Error(`${file}: ${read.error.message}`);
        const { report } = read;
        const lines = [...report.mapped, ...report.adapted];
        // Nothing of the play state is said to be kept but the fate points the character has.
        expect(lines.some((l) => /^consequence|^stress track .* checked\)$/.test(l))).toBe(false);
        const c = create(ruleset, read.sheet, npc);
        if (report.problems.length > 0) continue;
        expect(c, `${file} in ${ruleset} creates`).toBeDefined();
        if (!c) continue;
        created++;
        const mapped = report.mapped.find((l) => l.startsWith('fate points '));
        if (mapped) expect(mapped).toBe(`fate points ${c.fatePoints}`);
        const adapted = report.adapted.find((l) => l.startsWith('fate points '));
        if (adapted && !npc) expect(adapted).toMatch(new RegExp(`refresh, ${c.fatePoints}$`));
        if (adapted && npc) expect(c.fatePoints).toBe(0);
        // Every consequence the file had is reported left out; none was taken.
        expect(c.consequences.every((s) => !s.taken)).toBe(true);
        expect(c.stress.every((t) => t.boxes.every((b) => !b.checked))).toBe(true);
      }
    }
    expect(created).toBeGreaterThan(0);
  });

  it('Mira Vell (Fari v6): fate points 2 and a mild consequence in the file, 3 and none created', () => {
    const read = importForTable(fixture('fari/v6-fate-core.fari.json'), 'fate-core');
    if (!read.ok) throw new Error(read.error.message);
    expect(read.report.mapped.filter((l) => l.startsWith('fate points'))).toEqual([]);
    expect(read.report.adapted).toContain(
      'fate points 2 in the file: a new character starts with its refresh, 3',
    );
    expect(read.report.dropped).toContain(
      'consequence (mild) "Sprained Wrist": a new character starts without consequences',
    );
    expect(read.report.dropped).toContain(
      'stress track PHYSICAL (1 checked): a new character starts with clear boxes',
    );
    const c = create('fate-core', read.sheet, false)!;
    expect(c.fatePoints).toBe(3);
    expect(c.consequences.some((s) => s.taken)).toBe(false);
  });
});
