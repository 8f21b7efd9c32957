import type { Outcome } from '@fateboard/rules';
import type { Action, TableAspectKind } from '../commands/schemas';
import type { ActorRef } from '../log/entry';
import type {
  AspectView,
  CompelView,
  DeclarationView,
  RollInvoke,
  RollSide,
  RollView,
} from './view-types';
import type { YMap } from './ymap';
import { bool, counts, num, optStr, peek, str } from './ymap';

// One stored item of a document as its view: an aspect, a roll, a compel, a declaration.
// readTable and readGm (views.ts) read them so; handlers read one item the same way.

export function readAspect(m: YMap): AspectView {
  const characterId = optStr(m, 'characterId');
  return {
    id: str(m, 'id'),
    kind: str(m, 'kind') as TableAspectKind,
    text: str(m, 'text'),
    ...(characterId === undefined ? {} : { characterId }),
    at: num(m, 'at'),
    freeInvokes: counts(peek(m, 'invokes')),
    ...(typeof m.get('persistence') === 'number' ? { persistence: num(m, 'persistence') } : {}),
    ...(typeof m.get('place') === 'string' ? { place: str(m, 'place') } : {}),
  };
}

export function readRoll(m: YMap): RollView {
  const opposition = m.get('opposition') as RollSide | undefined;
  const difficulty = m.get('difficulty') as number | undefined;
  const reason = optStr(m, 'reason');
  return {
    id: str(m, 'id'),
    at: num(m, 'at'),
    by: m.get('by') as ActorRef,
    action: str(m, 'action') as Action,
    ...(reason === undefined ? {} : { reason }),
    actor: structuredClone(m.get('actor') as RollSide),
    ...(difficulty === undefined ? {} : { difficulty }),
    ...(typeof m.get('difficultyBonus') === 'number'
      ? { difficultyBonus: num(m, 'difficultyBonus') }
      : {}),
    ...(opposition === undefined ? {} : { opposition: structuredClone(opposition) }),
    invokes: structuredClone((m.get('invokes') as RollInvoke[] | undefined) ?? []),
    outcome: str(m, 'outcome') as Outcome,
    shifts: num(m, 'shifts'),
    applied: bool(m, 'applied'),
    ...optionalRollFields(m),
  };
}

/** The fields only some rulesets' rolls carry. */
function optionalRollFields(m: YMap): Partial<RollView> {
  const out: Partial<RollView> = {};
  const aspectAction = optStr(m, 'aspectAction');
  if (aspectAction !== undefined) out.aspectAction = aspectAction as RollView['aspectAction'];
  if (m.has('declaration')) out.declaration = structuredClone(m.get('declaration') as never);
  if (m.has('removes')) out.removes = structuredClone(m.get('removes') as never);
  if (m.has('recovers')) out.recovers = structuredClone(m.get('recovers') as never);
  if (m.get('simple') === true) out.simple = true;
  const heals = optStr(m, 'heals');
  if (heals !== undefined) out.heals = heals;
  if (m.get('healed') === true) out.healed = true;
  if (m.has('moves')) out.moves = structuredClone(m.get('moves') as never);
  if (m.has('zoneAttack')) out.zoneAttack = structuredClone(m.get('zoneAttack') as never);
  if (m.has('hit')) out.hit = structuredClone(m.get('hit') as never);
  if (m.has('defence')) out.defence = structuredClone(m.get('defence') as never);
  return out;
}

export function readCompel(m: YMap): CompelView {
  const aspectText = optStr(m, 'aspectText');
  const fromCharacterId = optStr(m, 'fromCharacterId');
  return {
    id: str(m, 'id'),
    characterId: str(m, 'characterId'),
    text: str(m, 'text'),
    ...(aspectText === undefined ? {} : { aspectText }),
    offeredBy: m.get('offeredBy') as ActorRef,
    ...(fromCharacterId === undefined ? {} : { fromCharacterId }),
    self: bool(m, 'self'),
    at: num(m, 'at'),
  };
}

export function readDeclaration(m: YMap): DeclarationView {
  const targetId = optStr(m, 'targetId');
  return {
    id: str(m, 'id'),
    characterId: str(m, 'characterId'),
    declarer: str(m, 'declarer'),
    text: str(m, 'text'),
    ...(targetId === undefined ? {} : { targetId }),
    voters: [...((m.get('voters') as string[] | undefined) ?? [])],
    votes: structuredClone((m.get('votes') as DeclarationView['votes'] | undefined) ?? {}),
    closed: bool(m, 'closed'),
    at: num(m, 'at'),
  };
}
