// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { LOG_TEMPLATES, renderMessage, say } from '@fateboard/table';
import type { LogTemplate } from '@fateboard/table';
import ptBR from './pt-BR';

// The log's sentences are the table package's templates: every one needs a Brazilian
// Portuguese template with exactly its placeholders (a plural's "one" form may leave out
// {count}), else a Portuguese reader would see a sentence lose a name or a number.
const pt = ptBR['log-words'] as Record<string, LogTemplate | undefined> | undefined;

function names(form: string): string[] {
  return [...new Set([...form.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

function allNames(t: LogTemplate): string[] {
  return typeof t === 'string' ? names(t) : names(`${t.one} ${t.many}`);
}

describe('the log in Brazilian Portuguese', () => {
  for (const [id, english] of Object.entries(LOG_TEMPLATES) as [string, LogTemplate][]) {
    it(`says ${id} with the same placeholders`, () => {
      const theirs = pt?.[id];
      expect(theirs, id).toBeDefined();
      if (theirs === undefined) return;
      expect(typeof theirs, id).toBe(typeof english);
      if (typeof theirs === 'string') {
        expect(names(theirs)).toEqual(allNames(english));
      } else {
        expect(names(theirs.many)).toEqual(allNames(english));
        const one = names(theirs.one);
        for (const name of one) expect(allNames(english)).toContain(name);
        expect(allNames(english).filter((n) => n !== 'count' && !one.includes(n))).toEqual([]);
      }
    });
  }

  it('renders a roll in Portuguese', () => {
    const m = say('rolled', {
      name: 'Zira',
      purpose: say('purposeCreateAdvantage'),
      dice: '+ 0 - +',
      total: say('ladder4'),
      against: say('ladder2'),
      result: say('resultSuccessWithStyle', { count: 2 }),
    });
    expect(renderMessage(m, (id) => pt?.[id])).toBe(
      'Zira rolou para criar vantagem [+ 0 - +]: Ótimo (+4) contra Razoável (+2) — sucesso com estilo (2 tensões).',
    );
  });
});
