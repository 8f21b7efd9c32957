import { describe, expect, it } from 'vitest';
import { parseCaseFile } from './case';

const good = {
  name: 'n',
  rule: '[CORE-LADDER-1]',
  ruleset: null,
  op: 'ladder-label',
  input: {},
  expect: {},
};

describe('rule-cases runner: parsing case files', () => {
  it('accepts a well-formed case', () => {
    expect(parseCaseFile(JSON.stringify([good]))).toEqual({ ok: true, entries: [{ case: good }] });
  });

  it('reports bad JSON and a non-array as file errors', () => {
    expect(parseCaseFile('[{')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^not valid JSON/) as unknown,
    });
    expect(parseCaseFile('{}')).toEqual({
      ok: false,
      error: 'a case file must be a JSON array of cases',
    });
  });

  it.each([
    [{ ...good, rule: 'PIR-1' }, /"rule"/],
    [{ ...good, ruleset: 'dnd' }, /"ruleset"/],
    [{ ...good, ruleset: undefined }, /"ruleset"/],
    [{ ...good, op: 3 }, /"op"/],
    [{ ...good, input: [] }, /"input"/],
    [{ ...good, expect: undefined }, /"expect"/],
    [{ ...good, expected: {} }, /unknown key\(s\) expected/],
    [{ ...good, name: '' }, /"name"/],
    ['text', /must be an object/],
  ])('reports a malformed case %j with its reason', (entry, reason) => {
    const parsed = parseCaseFile(JSON.stringify([entry]));
    expect(parsed.ok).toBe(true);
    if (parsed.ok)
      expect(parsed.entries[0]).toMatchObject({
        index: 0,
        error: expect.stringMatching(reason) as unknown,
      });
  });
});
