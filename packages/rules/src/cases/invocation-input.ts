import type { DieFace } from '../core/dice';
import type {
  InvocableAspect,
  InvocationRequest,
  InvocationState,
  Opposition,
} from '../core/invocations';
import {
  counts,
  InputError,
  int,
  list,
  oneOf,
  optInt,
  optStr,
  record,
  str,
  type Json,
} from './input';

/**
 * Reads the `invoke` operation's input:
 * `{ roll: { rollerId, faces, skill, modifier?, opposition: number | { kind: 'active', value } },
 *    aspects: [{ id, text?, freeInvokes?, boost? }], invocations: [{ invokerId, aspectId, pay,
 *    holderId?, effect?, side? }], seed? }`. A bare number as opposition is a passive difficulty.
 */
export function parseInvocationInput(input: unknown): {
  state: InvocationState;
  requests: InvocationRequest[];
  seed: number | undefined;
} {
  const o = record(input);
  const r = record(o.roll, 'input.roll');
  const faces = list(r, 'faces', 'input.roll').map((f, i): DieFace => {
    if (f !== -1 && f !== 0 && f !== 1) {
      throw new InputError(`input.roll.faces[${i}] must be -1, 0 or 1`);
    }
    return f;
  });
  const aspects: Record<string, InvocableAspect> = {};
  list(o, 'aspects').forEach((a, i) => {
    const where = `input.aspects[${i}]`;
    const x = record(a, where);
    const id = str(x, 'id', where);
    aspects[id] = {
      id,
      text: optStr(x, 'text', where) ?? id,
      freeInvokes: x.freeInvokes === undefined ? {} : counts(x, 'freeInvokes', where),
      ...(x.boost === true ? { boost: true } : {}),
    };
  });
  const state: InvocationState = {
    roll: {
      rollerId: str(r, 'rollerId', 'input.roll'),
      faces,
      skill: int(r, 'skill', 'input.roll'),
      modifier: optInt(r, 'modifier', 'input.roll') ?? 0,
      invokeBonus: 0,
      opposition: opposition(r),
      paidInvokes: [],
    },
    aspects,
  };
  const requests = list(o, 'invocations').map((q, i) =>
    request(record(q, `input.invocations[${i}]`), `input.invocations[${i}]`),
  );
  return { state, requests, seed: optInt(o, 'seed') };
}

function opposition(r: Json): Opposition {
  if (typeof r.opposition === 'number')
    return { kind: 'passive', value: int(r, 'opposition', 'input.roll'), invokeBonus: 0 };
  const x = record(r.opposition, 'input.roll.opposition');
  const kind = oneOf(x, 'kind', ['passive', 'active'] as const, 'input.roll.opposition');
  const value = int(x, 'value', 'input.roll.opposition');
  return kind === 'passive' ? { kind, value, invokeBonus: 0 } : { kind, value };
}

function request(q: Json, where: string): InvocationRequest {
  const holderId = optStr(q, 'holderId', where);
  return {
    invokerId: str(q, 'invokerId', where),
    aspectId: str(q, 'aspectId', where),
    pay: oneOf(q, 'pay', ['fate-point', 'free-invoke'] as const, where),
    effect:
      q.effect === undefined ? 'bonus' : oneOf(q, 'effect', ['bonus', 'reroll'] as const, where),
    side: q.side === undefined ? 'roll' : oneOf(q, 'side', ['roll', 'opposition'] as const, where),
    ...(holderId === undefined ? {} : { holderId }),
  };
}
