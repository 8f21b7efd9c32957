import { describe, expect, it } from 'vitest';
import { formatResult, runSources, summaryLine, type OperationRegistry } from './run';

const ops: OperationRegistry = {
  double: (input) => ({ value: 2 * (input as { n: number }).n, extra: true }),
  boom: () => {
    throw new Error('input.n is missing');
  },
};

function source(cases: unknown[]) {
  return { file: 'core/x.json', text: JSON.stringify(cases) };
}
const base = { rule: '[CORE-TEST-1]', ruleset: null };

describe('rule-cases runner: running cases', () => {
  it('passes a subset match and prints the PASS line', () => {
    const [r] = runSources(
      [source([{ ...base, name: 'doubles', op: 'double', input: { n: 2 }, expect: { value: 4 } }])],
      ops,
    );
    expect(r).toEqual({
      file: 'core/x.json',
      name: 'doubles',
      rule: '[CORE-TEST-1]',
      passed: true,
    });
    expect(formatResult(r!)).toBe('PASS core/x.json › doubles [CORE-TEST-1]');
  });

  it('prints expected and got on a mismatch', () => {
    const [r] = runSources(
      [source([{ ...base, name: 'wrong', op: 'double', input: { n: 2 }, expect: { value: 5 } }])],
      ops,
    );
    expect(formatResult(r!)).toBe(
      'FAIL core/x.json › wrong [CORE-TEST-1]: expected at value 5, got 4',
    );
  });

  it('turns a thrown error into { error } so a case can expect it', () => {
    const results = runSources(
      [
        source([
          {
            ...base,
            name: 'bad input',
            op: 'boom',
            input: {},
            expect: { error: 'input.n is missing' },
          },
        ]),
      ],
      ops,
    );
    expect(results[0]!.passed).toBe(true);
  });

  it('fails an unknown op, a malformed case, a malformed file and an unreadable one without throwing', () => {
    const results = runSources(
      [
        source([
          { ...base, name: 'nope', op: 'missing', input: {}, expect: {} },
          { ...base, name: 'no input', op: 'double', expect: {} },
        ]),
        { file: 'core/bad.json', text: '{' },
        { file: 'core/gone.json', error: 'cannot read: ENOENT' },
        { file: 'core/empty.json', text: '[]' },
      ],
      ops,
    );
    expect(results.map(formatResult)).toEqual([
      'FAIL core/x.json › nope [CORE-TEST-1]: unknown op "missing"',
      'FAIL core/x.json › no input: malformed case: "input" must be an object, got nothing',
      expect.stringMatching(/^FAIL core\/bad\.json › \(file\): not valid JSON/),
      'FAIL core/gone.json › (file): cannot read: ENOENT',
      'FAIL core/empty.json › (file): no cases',
    ]);
    expect(summaryLine(results)).toBe('0 passed, 5 failed');
  });

  it('does not treat inherited names such as toString as operations', () => {
    const [r] = runSources(
      [source([{ ...base, name: 'proto', op: 'toString', input: {}, expect: {} }])],
      ops,
    );
    expect(r!.detail).toBe('unknown op "toString"');
  });
});
