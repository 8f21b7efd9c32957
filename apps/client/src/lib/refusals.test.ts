// @vitest-environment happy-dom
import { afterAll, describe, expect, it } from 'vitest';
import { REFUSAL_CODE_LIST, REFUSAL_WORDS } from '@fateboard/table';
import { describeRefusal } from './commands.svelte';
import { REASON_KEYS, messagesCodes, messagesReasons } from './refusal-words';
import { languageReady, setLocale } from './i18n';

describe('a refusal in the toast', () => {
  afterAll(() => setLocale('en'));

  it('says the server message in English, whatever the code', () => {
    setLocale('en');
    expect(describeRefusal({ code: 'no-fate-points', message: 'Ann has no fate point.' })).toBe(
      'Ann has no fate point.',
    );
    expect(describeRefusal({ code: 'x', message: ' ' })).toBe('Refused (x).');
  });

  it('says a known code in Portuguese, an unknown one in general Portuguese words', async () => {
    setLocale('pt-BR');
    await languageReady();
    expect(describeRefusal({ code: 'no-fate-points', message: 'Ann has no fate point.' })).toBe(
      'Pontos de destino insuficientes.',
    );
    expect(describeRefusal({ code: 'no-free-invoke', message: 'none' })).toBe(
      'Não há invocação gratuita para usar.',
    );
    // Never the server's English: the code's general sentence, or "Recusado (code)".
    expect(describeRefusal({ code: 'invalid', message: 'Name the action.' })).toBe(
      'A mesa não pôde aceitar isso do jeito que foi enviado.',
    );
    expect(describeRefusal({ code: 'rules', message: 'The aspect is in use.' })).toBe(
      'As regras não permitem isso agora.',
    );
    expect(describeRefusal({ code: 'not-found', message: 'No roll "r1".' })).toBe(
      'Isso não está (mais) na mesa.',
    );
    expect(describeRefusal({ code: 'x', message: 'Something English.' })).toBe('Recusado (x).');
    expect(describeRefusal({ code: 'x', message: '' })).toBe('Recusado (x).');
  });

  it('says a refusal by its reason in Portuguese, with its parameters', async () => {
    setLocale('pt-BR');
    await languageReady();
    const ack = {
      code: 'rules',
      message: 'Brute is still in the conflict: lost levels come back once it is over.',
      reason: { id: 'still-in-conflict', params: { name: 'Brute' } },
    };
    expect(describeRefusal(ack)).toBe(
      'Brute ainda está no conflito: os níveis perdidos voltam quando ele acabar.',
    );
    expect(
      describeRefusal({ code: 'not-found', message: 'No seat.', reason: { id: 'no-seat' } }),
    ).toBe('Esse lugar não está na mesa.');
    // A reason this version does not know (a newer server's) falls back to the code.
    expect(describeRefusal({ code: 'rules', message: 'New.', reason: { id: 'brand-new' } })).toBe(
      'As regras não permitem isso agora.',
    );
    // In English the server's message stays.
    setLocale('en');
    expect(describeRefusal(ack)).toBe(ack.message);
  });

  it('has words for every reason id, each key its own', () => {
    const keys = Object.values(REASON_KEYS);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.sort()).toEqual(Object.keys(messagesReasons.get()).sort());
  });

  it('says every refusal code of the table in its words, in English and in Portuguese', async () => {
    setLocale('en');
    expect(Object.keys(messagesCodes.get()).sort()).toEqual([...REFUSAL_CODE_LIST].sort());
    for (const code of REFUSAL_CODE_LIST) {
      expect(describeRefusal({ code, message: '' })).toBe(`Refused (${code}).`);
    }
    setLocale('pt-BR');
    await languageReady();
    for (const code of REFUSAL_CODE_LIST) {
      const said = describeRefusal({ code, message: REFUSAL_WORDS[code] });
      expect(said, code).not.toBe(REFUSAL_WORDS[code]);
      expect(said, code).not.toMatch(/^Recusado/);
    }
  });
});
