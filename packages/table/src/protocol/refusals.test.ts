import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AckSchema } from './protocol';
import { GM, sceneTable } from '../test/harness';

describe('a refusal’s reason', () => {
  it('rides beside the English message, and the wire reads with or without it', () => {
    const { t, a } = sceneTable(3);
    const refused = t.send(GM, { type: 'consequence.clear', characterId: a, slotId: 'mild' });
    expect(refused).toEqual({
      ok: false,
      code: 'not-found',
      message: 'No consequence in slot "mild".',
      reason: { id: 'no-consequence' },
    });
    expect(v.parse(AckSchema, refused)).toEqual(refused);
    // An older server's refusal has none; a newer one's unknown id still reads.
    const old = { ok: false, code: 'rules', message: 'No.' };
    expect(v.parse(AckSchema, old)).toEqual(old);
    const newer = { ...old, reason: { id: 'brand-new', params: { name: 'Ann', n: 2 } } };
    expect(v.parse(AckSchema, newer)).toEqual(newer);
  });
});
