import { describe, expect, it } from 'vitest';
import { browserLocale, count, i18n, params, pluralForm } from './i18n';

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
