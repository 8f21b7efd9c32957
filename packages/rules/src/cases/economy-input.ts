import { exhaustive } from '../core/types';
import type { EconomyState, EconomyTransition, GmCompelPayee, Party } from '../core/economy-types';
import {
  bool,
  counts,
  int,
  InputError,
  isRecord,
  list,
  oneOf,
  optInt,
  optStr,
  record,
  str,
} from './input';

/** Reads `{ state, transitions }` for the `economy` operation, with readable errors. */
export function parseEconomyInput(input: unknown): {
  state: EconomyState;
  transitions: EconomyTransition[];
} {
  const o = record(input);
  const s = record(o.state, 'input.state');
  const bank = optInt(s, 'bank', 'input.state');
  const state: EconomyState = {
    balances: counts(s, 'balances', 'input.state'),
    gmPool: optInt(s, 'gmPool', 'input.state') ?? 0,
    pendingScenePayouts:
      s.pendingScenePayouts === undefined ? {} : counts(s, 'pendingScenePayouts', 'input.state'),
    ...(bank === undefined ? {} : { bank }),
  };
  const transitions = list(o, 'transitions').map((t, i) =>
    parseTransition(t, `input.transitions[${i}]`),
  );
  return { state, transitions };
}

const TYPES = [
  'refresh',
  'scene-start',
  'scene-end',
  'compel-accept',
  'compel-refuse',
  'self-compel',
  'invoke',
  'spend',
  'concede',
  'give',
  'gm-adjust',
] as const;

const GM_PAYEES = ['gm-pool', 'bank'] as const satisfies readonly GmCompelPayee[];

export function parseTransition(value: unknown, where: string): EconomyTransition {
  const t = record(value, where);
  const type = oneOf(t, 'type', TYPES, where);
  switch (type) {
    case 'refresh':
      return { type, refresh: counts(t, 'refresh', where) };
    case 'scene-start':
      return { type, players: int(t, 'players', where) };
    case 'scene-end':
      return { type };
    case 'compel-accept':
      return {
        type,
        target: str(t, 'target', where),
        offeredBy: party(t.offeredBy, `${where}.offeredBy`),
      };
    case 'compel-refuse':
      return {
        type,
        target: str(t, 'target', where),
        offeredBy: party(t.offeredBy, `${where}.offeredBy`),
        // The economy is the same for every game; a case names the GM's payee, else the bank.
        gmTakesTo: t.gmTakesTo === undefined ? 'bank' : oneOf(t, 'gmTakesTo', GM_PAYEES, where),
      };
    case 'self-compel':
      return {
        type,
        characterId: str(t, 'characterId', where),
        gmAccepts: bool(t, 'gmAccepts', where),
      };
    case 'invoke': {
      const against = optStr(t, 'againstCharacterId', where);
      return {
        type,
        payer: party(t.payer, `${where}.payer`),
        ...(against === undefined ? {} : { againstCharacterId: against }),
      };
    }
    case 'spend': {
      const amount = optInt(t, 'amount', where);
      return {
        type,
        payer: party(t.payer, `${where}.payer`),
        ...(amount === undefined ? {} : { amount }),
      };
    }
    case 'concede':
      return {
        type,
        characterId: str(t, 'characterId', where),
        consequencesTaken: int(t, 'consequencesTaken', where),
      };
    case 'give':
      return {
        type,
        from: str(t, 'from', where),
        to: str(t, 'to', where),
        amount: int(t, 'amount', where),
      };
    case 'gm-adjust':
      return { type, holder: party(t.holder, `${where}.holder`), value: int(t, 'value', where) };
    default:
      return exhaustive(type);
  }
}

/** A party is written `"gm"` or a character id string, or `{ type, id }`. */
function party(value: unknown, where: string): Party {
  if (value === 'gm') return { type: 'gm' };
  if (typeof value === 'string') return { type: 'character', id: value };
  if (isRecord(value)) {
    const type = oneOf(value, 'type', ['gm', 'character'] as const, where);
    return type === 'gm' ? { type } : { type, id: str(value, 'id', where) };
  }
  throw new InputError(`${where} must be "gm" or a character id`);
}
