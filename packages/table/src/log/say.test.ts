import { describe, expect, it } from 'vitest';
import { ladderLabel } from '@fateboard/rules';
import { english, ladderParam, placeholders, renderMessage, say } from './say';
import type { LogMessage } from './say';
import { LOG_TEMPLATES } from './templates';
import type { LogTemplate } from './templates';
import { MESSAGE_CODES } from './message-codes';
import { fromRow, toRow } from './rows';
import { messageRow, rowMessage } from './row-messages';
import type { Lookup } from './row-messages';
import type { Refs } from './row-codes';
import type { LogEntry } from './entry';
import { fatePointsWords, freeInvokesWords, resultWords, shiftsWords } from './words';

const look: Lookup = { name: () => undefined, owner: () => undefined };
function refs(): Refs {
  const ids: string[] = [];
  return {
    ref: (id) => {
      const i = ids.indexOf(id);
      if (i >= 0) return i + 1;
      ids.push(id);
      return ids.length;
    },
    id: (ref) => ids[ref - 1] ?? String(ref),
  };
}

const roll = say('rolled', {
  name: 'Zira',
  purpose: say('purposeCreateAdvantage'),
  dice: '+ 0 - +',
  total: ladderParam(4),
  against: ladderParam(-4),
  result: say('resultSuccessWithStyle', { count: 8 }),
});

describe('log messages', () => {
  it('say in English what the sentences said before them', () => {
    expect(english(roll)).toBe(
      'Zira rolled to create an advantage [+ 0 - +]: Great (+4) against -4 — success with style (8 shifts).',
    );
    for (const n of [-3, -1, 0, 1, 2, 9]) {
      const p = ladderParam(n);
      expect(typeof p === 'string' ? p : english(p as LogMessage)).toBe(ladderLabel(n));
    }
  });

  it('keep the English of the word helpers', () => {
    expect([shiftsWords(1), shiftsWords(0), shiftsWords(-1), shiftsWords(3)]).toEqual([
      '1 shift',
      '0 shifts',
      '-1 shift',
      '3 shifts',
    ]);
    expect([freeInvokesWords(1), freeInvokesWords(2)]).toEqual(['1 free invoke', '2 free invokes']);
    expect([fatePointsWords(1), fatePointsWords(0), fatePointsWords(2)]).toEqual([
      'a fate point',
      '0 fate points',
      '2 fate points',
    ]);
    expect(resultWords('fail', -2)).toBe('fail (short by 2)');
    expect(resultWords('fail', 0)).toBe('fail');
    expect(resultWords('success', 1)).toBe('success (1 shift)');
    expect(resultWords('tie', 0)).toBe('tie');
  });

  it('render through another language, lists joined, numbers formatted', () => {
    const pt: Record<string, LogTemplate> = {
      turnOrder: 'A ordem de turno agora é {order}.',
      shifts: { one: '{count} tensão', many: '{count} tensões' },
      effectToAbsorb: '{shifts} a absorver',
    };
    const of = (id: string) => pt[id];
    expect(renderMessage(say('turnOrder', { order: ['Ann', 'Bo'] }), of)).toBe(
      'A ordem de turno agora é Ann, Bo.',
    );
    expect(
      renderMessage(say('effectToAbsorb', { shifts: say('shifts', { count: 1000 }) }), of, (n) =>
        n.toLocaleString('pt-BR'),
      ),
    ).toBe('1.000 tensões a absorver');
    // A template the language lacks falls back to English.
    expect(renderMessage(say('conflictEnded'), of)).toBe('The conflict ended.');
  });

  it('give every template a code, once', () => {
    expect([...MESSAGE_CODES].sort()).toEqual(Object.keys(LOG_TEMPLATES).sort());
    expect(new Set(MESSAGE_CODES).size).toBe(MESSAGE_CODES.length);
  });

  it('store as rows and read back the same message', () => {
    const stored = messageRow(roll);
    expect(rowMessage(JSON.parse(JSON.stringify(stored)))).toEqual(roll);
    const listed = say('turnOrder', { order: ['Ann', 'Bo'] });
    expect(rowMessage(JSON.parse(JSON.stringify(messageRow(listed))))).toEqual(listed);
    // Parameters go in by sorted name: the code, then against, dice, name, purpose, result, total.
    expect(stored[0]).toBe(MESSAGE_CODES.indexOf('rolled'));
    expect(stored[2]).toBe('+ 0 - +');
    expect(stored[3]).toBe('Zira');
    expect(placeholders(LOG_TEMPLATES.rolled)).toEqual([
      'against',
      'dice',
      'name',
      'purpose',
      'result',
      'total',
    ]);
  });

  it('keep rows no bigger than the sentence they replace', () => {
    const entry: LogEntry = {
      n: 1,
      at: 1000,
      by: { role: 'gm' },
      type: 'roll',
      text: english(roll),
      msg: roll,
    };
    const row = toRow(entry, 0, look, refs());
    expect(Array.isArray(row[5])).toBe(true);
    expect(JSON.stringify(row[5]).length).toBeLessThan(JSON.stringify(entry.text).length);
    const back = fromRow(JSON.parse(JSON.stringify(row)) as unknown[], 1, 1000, look, refs());
    expect(back).toEqual(entry);
  });

  it('keep the sentence of an entry whose message says something else', () => {
    const entry: LogEntry = {
      n: 1,
      at: 1000,
      by: { role: 'gm' },
      type: 'roll',
      text: 'Something else.',
      msg: roll,
    };
    expect(toRow(entry, 0, look, refs())[5]).toBe('Something else.');
  });

  it('read rows written before messages, and rows of messages this version does not know', () => {
    const old = fromRow(['roll', 0, 0, null, null, 'Zira rolled.'], 4, 2000, look, refs());
    expect(old).toEqual({ n: 4, at: 2000, by: { role: 'gm' }, type: 'roll', text: 'Zira rolled.' });
    const newer = fromRow(['roll', 0, 0, null, null, [9999, 'x']], 5, 2000, look, refs());
    expect(newer.text).toBe('');
    expect(newer.msg).toBeUndefined();
    expect(rowMessage([MESSAGE_CODES.indexOf('rolled'), 'too few'])).toBeUndefined();
    expect(rowMessage([MESSAGE_CODES.indexOf('turnOrder'), { l: [{}] }])).toBeUndefined();
  });
});
