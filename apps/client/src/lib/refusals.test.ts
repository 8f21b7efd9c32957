// @vitest-environment happy-dom
import { afterAll, describe, expect, it } from 'vitest';
import { describeRefusal } from './commands.svelte';
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

  it('says a known code in Portuguese, an unknown one as the server did', async () => {
    setLocale('pt-BR');
    await languageReady();
    expect(describeRefusal({ code: 'no-fate-points', message: 'Ann has no fate point.' })).toBe(
      'Pontos de destino insuficientes.',
    );
    expect(describeRefusal({ code: 'no-free-invoke', message: 'none' })).toBe(
      'Não há invocação gratuita para usar.',
    );
    expect(describeRefusal({ code: 'invalid', message: 'Name the action.' })).toBe(
      'Name the action.',
    );
    expect(describeRefusal({ code: 'x', message: '' })).toBe('Recusado (x).');
  });
});
