import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cwd = fileURLToPath(new URL('..', import.meta.url));
const convert = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 30_000,
  });

describe('the convert command', () => {
  it('prints the character on stdout and the report on stderr', () => {
    const run = convert(
      'fixtures/fari/v5-accelerated.fari.json',
      '--ruleset',
      'pirates',
      '--to',
      'fari',
    );
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      fariType: 'character',
      version: 6,
      name: 'Jory Black',
    });
    expect(run.stderr).toContain('approach Flashy +3 became swashbuckle in pirates');
  }, 40_000);

  it('exits 1 with a message on bad input', () => {
    const run = convert('fixtures/bad/fari-scene.fari.json', '--ruleset', 'fate-core');
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/Fari scene, not a character.*\[fari-scene\]/);
  }, 40_000);

  it('prints a Fari scene as the commands that add it to a table', () => {
    const run = convert('fixtures/fari-scene/v2-docks.fari.json', '--scene');
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout) as { name: string; commands: { type: string }[] };
    expect(out.name).toBe('The Docks at Midnight');
    expect(out.commands.map((c) => c.type)).toEqual([
      ...Array<string>(4).fill('aspect.add'),
      'gm.prepare',
      'gm.prepare',
    ]);
    expect(run.stderr).toContain('9 free invokes, kept 5');
    const bad = convert('fixtures/fari/v6-fate-core.fari.json', '--scene');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/\[not-a-scene\]/);
  }, 40_000);

  it('checks a table file as a restore would', () => {
    const run = convert('fixtures/bad/fari-scene.fari.json', '--table');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Fari scene, not a Fateboard table.*\[not-a-table\]/);
  }, 40_000);
});
