import { describe, expect, it } from 'vitest';
import { browserLocale, count, i18n, params, pluralForm, stampOptions } from './i18n';

describe('browserLocale', () => {
  it('reads any Portuguese as Brazilian Portuguese and the first language it speaks', () => {
    expect(browserLocale(['pt-BR', 'en'])).toBe('pt-BR');
    expect(browserLocale(['pt-PT'])).toBe('pt-BR');
    expect(browserLocale(['pt'])).toBe('pt-BR');
    expect(browserLocale(['de-DE', 'en-GB', 'pt-BR'])).toBe('en');
    expect(browserLocale(['fr-FR'])).toBe('en');
    expect(browserLocale([])).toBe('en');
  });
});

describe('params', () => {
  const messages = i18n('test/params', {
    compel: params('{name} is compelled: {text}'),
    points: count({ one: '{count} fate point', many: '{count} fate points' }),
  });

  it('fills each placeholder once, with the value as it is', () => {
    const t = messages.get();
    // `$&`, `$'` and `{text}` are a player's text, not instructions to the sentence.
    expect(t.compel({ name: 'Vex {text}', text: "Pays $& and $' for it" })).toBe(
      "Vex {text} is compelled: Pays $& and $' for it",
    );
    expect(t.compel({ name: 'Kai', text: 'On Fire' })).toBe('Kai is compelled: On Fire');
  });

  it('leaves a placeholder it was not given', () => {
    expect(messages.get().compel({ name: 'Kai' } as never)).toBe('Kai is compelled: {text}');
  });

  it('counts in the plural rules of the language', () => {
    expect(messages.get().points(1)).toBe('1 fate point');
    expect(messages.get().points(3)).toBe('3 fate points');
  });
});

describe('pluralForm', () => {
  const forms = { one: '{count} espectador', many: '{count} espectadores' };

  it('says none in the plural, where Portuguese plural rules would say "one"', () => {
    expect(new Intl.PluralRules('pt-BR').select(0)).toBe('one');
    expect(pluralForm('pt-BR', forms, 0)).toBe('many');
    expect(pluralForm('pt-BR', forms, 1)).toBe('one');
    expect(pluralForm('pt-BR', forms, 2)).toBe('many');
    expect(pluralForm('en', { one: 'a', other: 'b' }, 0)).toBe('other');
  });

  it('takes a zero form where the message has one', () => {
    expect(pluralForm('pt-BR', { zero: 'Nenhum', ...forms }, 0)).toBe('zero');
    expect(pluralForm('pt-BR', { zero: 'Nenhum', ...forms }, 1)).toBe('one');
  });
});

describe('stampOptions', () => {
  // Local times: the reader's days are what count.
  const at = (y: number, m: number, d: number, h = 12, min = 0) =>
    new Date(y, m - 1, d, h, min).getTime();
  const now = at(2026, 12, 3, 21, 30);
  const say = (when: number, locale = 'en-US') =>
    new Intl.DateTimeFormat(locale, stampOptions(when, now)).format(new Date(when));

  it('says only the time today, from just after midnight', () => {
    expect(stampOptions(at(2026, 12, 3, 0, 1), now)).toEqual({
      hour: '2-digit',
      minute: '2-digit',
    });
    expect(say(at(2026, 12, 3, 9, 5))).toMatch(/09:05/);
  });

  it('puts the day before the time on another day, the year in another year', () => {
    const yesterday = say(at(2026, 12, 2, 23, 59));
    expect(yesterday).toMatch(/Dec/);
    expect(yesterday).toMatch(/2/);
    expect(yesterday).not.toMatch(/2026/);
    expect(say(at(2025, 12, 3, 20, 0))).toMatch(/2025/);
    // In the reader's language.
    expect(say(at(2026, 11, 19, 20, 0), 'pt-BR')).toMatch(/nov/i);
  });
});
