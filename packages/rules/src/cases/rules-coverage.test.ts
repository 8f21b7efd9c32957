import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// RULES.md promises that every rule id it lists is cited by a test or a rule case. This test
// keeps that promise checkable: a rule added to the table without a test fails here, and so
// does a test citing an id that RULES.md does not list (a typo or a stale id).
const packageDir = join(import.meta.dirname, '..', '..');
const ID = /\[(?:CORE|FC|PIR|ER|NAR)-[A-Z]+-\d+\]/g;

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => join(e.parentPath, e.name));
}

// `[CORE-TEST-1]` is the runner's own fixture id, not a rule.
function idsIn(text: string): Set<string> {
  return new Set((text.match(ID) ?? []).filter((id) => id !== '[CORE-TEST-1]'));
}

const listed = new Set(
  readFileSync(join(packageDir, 'RULES.md'), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| ['))
    .map((line) => line.match(ID)?.[0])
    .filter((id): id is string => id !== undefined),
);

const cited = new Set<string>();
const sources = [
  ...filesUnder(
    join(packageDir, 'src'),
    (n) => n.endsWith('.test.ts') && n !== 'rules-coverage.test.ts',
  ),
  ...filesUnder(join(packageDir, 'cases'), (n) => n.endsWith('.json')),
];
for (const file of sources) for (const id of idsIn(readFileSync(file, 'utf8'))) cited.add(id);

describe('RULES.md and the tests agree', () => {
  it('lists rules', () => {
    expect(listed.size).toBeGreaterThan(100);
  });

  it('every rule listed in RULES.md is cited by a test or a rule case', () => {
    expect([...listed].filter((id) => !cited.has(id))).toEqual([]);
  });

  it('every rule id a test cites is listed in RULES.md', () => {
    expect([...cited].filter((id) => !listed.has(id))).toEqual([]);
  });
});
