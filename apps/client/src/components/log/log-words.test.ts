// @vitest-environment happy-dom
import { afterAll, describe, expect, it } from 'vitest';
import { english, say } from '@fateboard/table';
import type { LogEntry } from '@fateboard/table';
import { sayEntry } from './log-words';
import { languageReady, setLocale } from '../../lib/i18n';

const base = { n: 1, at: 0, by: { role: 'gm' as const } };
const names: Record<string, string> = { a: 'Zira', b: 'Tam' };
const name = (id: string) => names[id];

const taken = say('takenOut', { name: 'Zira' });
const withMessage: LogEntry = { ...base, type: 'taken-out', text: english(taken), msg: taken };
const old: LogEntry = { ...base, type: 'roll', text: 'Zira rolled, long ago.' };
// A plain gift: its row keeps no sentence, so its entry has none either (rows.ts).
const gift: LogEntry = {
  ...base,
  type: 'fate-point.give',
  text: 'Zira gave 2 fate points to Tam.',
  movements: [
    {
      from: { type: 'character', id: 'a' },
      to: { type: 'character', id: 'b' },
      amount: 2,
      reason: 'give',
    },
  ],
};

describe('a log entry in the reader’s language', () => {
  afterAll(() => setLocale('en'));

  it('reads in English as the entry’s own text', () => {
    setLocale('en');
    for (const e of [withMessage, old, gift]) expect(sayEntry.get()(e, name)).toBe(e.text);
  });

  it('reads in Portuguese from its message, or as its text when it has none', async () => {
    setLocale('pt-BR');
    await languageReady();
    expect(sayEntry.get()(withMessage, name)).toBe('Zira foi tirado de ação.');
    expect(sayEntry.get()(gift, name)).toBe('Zira deu 2 pontos de destino a Tam.');
    expect(sayEntry.get()(old, name)).toBe('Zira rolled, long ago.');
  });
});
