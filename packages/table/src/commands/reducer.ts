import type { CommandType } from './schemas';
import type { CommandContext, CommandOutcome, Handler, OrRefusal, Plan } from './context';
import { isRefusal, joinFirst, spectatorRefusal } from './context';
import { appendLog } from '../log/log';
import type * as Y from 'yjs';
import { pubRoots } from '../doc/schema';
import type { PubRoots } from '../doc/schema';
import { readRoll } from '../doc/views';
import type { RollView } from '../doc/view-types';
import { gmAdjust } from './gm/adjust';
import {
  aspectAdd,
  aspectEdit,
  aspectRemove,
  spotlightDismiss,
  spotlightPush,
} from './aspects/aspects';
import { compelAccept, compelOffer, compelRefuse } from './fate-points/compels';
import { compelWithdraw } from './fate-points/withdrawal';
import { fatePointGive } from './fate-points/gift';
import { conflictEnd, conflictNext, conflictOrder, conflictStart } from './time/conflict';
import { conflictJoin, conflictLeave } from './time/conflict-members';
import { concede, defend } from './rolls/defence';
import { gmNote, gmNpcDraft, gmPrepare, gmReveal } from './gm/secrets';
import { absorb, takenOut } from './harm/hits';
import { consequenceClear, consequenceRecover, consequenceTake } from './harm/consequences';
import { invoke } from './aspects/invoke';
import { consequenceHeal, recoveryRoll } from './harm/recovery';
import { outcomeApply } from './rolls/outcome';
import { roll } from './rolls/rolls';
import { helpAnswer, helpAsk, helpWithdraw } from './rolls/help';
import { milestoneMajor, scenarioEnd, sceneEnd, sceneStart, sessionStart } from './time/scene';
import { freeInvokePass } from './aspects/passes';
import {
  characterClaim,
  characterCreate,
  characterRemove,
  characterUpdate,
} from './characters/characters';
import { join, seatRemove } from './characters/seats';
import * as countdowns from './countdowns/countdowns';
import { chatSpectators, chatWhispers } from './gm/chat-switch';
import * as board from './board/zones';
import * as handouts from './handouts/handouts';
import { boardMove } from './board/moves';
import { boardReveal } from './board/reveal';
import {
  declarationClose,
  declarationPropose,
  declarationVote,
  declarationWithdraw,
} from './declarations/declarations';

/**
 * Applies one command: checks the role, lets the command's handler validate everything and
 * plan its writes, then runs the writes in one transaction per document touched. A refusal
 * changes nothing.
 */
export function applyCommand(ctx: CommandContext): CommandOutcome {
  const { actor } = ctx;
  const spectator = spectatorRefusal(actor);
  if (spectator) return spectator;
  if (actor.role === 'player' && actor.seatId === undefined && ctx.command.type !== 'join') {
    return joinFirst();
  }
  const plan = dispatch(ctx);
  if (isRefusal(plan)) return plan;
  if (plan.gm) ctx.docs.gm.transact(plan.gm);
  let log: ReturnType<typeof appendLog> = [];
  let rolls: RollView[] = [];
  if (plan.pub || (plan.log && plan.log.length > 0)) {
    ctx.docs.pub.transact((tr) => {
      const roots = pubRoots(ctx.docs.pub);
      const before = new Set(roots.rolls.map((m) => m.get('id')));
      plan.pub?.();
      log = appendLog(roots, actor, ctx.command.type, ctx.now, plan.log ?? []);
      rolls = touchedRolls(roots, tr, before);
    });
  }
  const result = { ...plan.result, ...(log.length > 0 ? { log } : {}) };
  return {
    ok: true,
    ...(Object.keys(result).length > 0 ? { result } : {}),
    ...(rolls.length > 0 ? { rolls } : {}),
  };
}

/**
 * The rolls a transaction added or changed, read as they stand at its end. A roll's map is in
 * `tr.changed` when one of its keys was written; a roll added in the transaction is not (Yjs
 * records changes to types that existed before it), so new ids are looked for too. Only the
 * document's recent rolls can change (an invoke finds its roll there), so this is all of them.
 */
function touchedRolls(roots: PubRoots, tr: Y.Transaction, before: Set<unknown>): RollView[] {
  const changed = new Set<unknown>(tr.changed.keys());
  const out: RollView[] = [];
  for (const m of roots.rolls.toArray()) {
    if (!before.has(m.get('id')) || changed.has(m)) out.push(readRoll(m));
  }
  return out;
}

/**
 * Each command's handler, by command type: a new command is its schema (schemas.ts) and one
 * entry here. The mapped type makes a missing or mistyped entry a compile error.
 */
const HANDLERS: { [T in CommandType]: Handler<T> } = {
  join,
  'character.create': characterCreate,
  'character.claim': characterClaim,
  'character.update': characterUpdate,
  'character.remove': characterRemove,
  'seat.remove': seatRemove,
  'scene.start': sceneStart,
  'scene.end': sceneEnd,
  'session.start': sessionStart,
  'scenario.end': scenarioEnd,
  'milestone.major': milestoneMajor,
  'aspect.add': aspectAdd,
  'aspect.edit': aspectEdit,
  'aspect.remove': aspectRemove,
  'spotlight.push': spotlightPush,
  'spotlight.dismiss': spotlightDismiss,
  'gm.prepare': gmPrepare,
  'gm.npc-draft': gmNpcDraft,
  'gm.reveal': gmReveal,
  'gm.note': gmNote,
  // A recovery roll is an overcome against the consequence's difficulty (harm/recovery.ts).
  roll: (ctx) => (ctx.command.recovers !== undefined ? recoveryRoll(ctx) : roll(ctx)),
  'help.ask': helpAsk,
  'help.answer': helpAnswer,
  'help.withdraw': helpWithdraw,
  defend,
  invoke,
  'outcome.apply': outcomeApply,
  'compel.offer': compelOffer,
  'compel.accept': compelAccept,
  'compel.refuse': compelRefuse,
  'compel.withdraw': compelWithdraw,
  'fate-point.give': fatePointGive,
  'free-invoke.pass': freeInvokePass,
  absorb,
  'taken-out': takenOut,
  concede,
  'consequence.take': consequenceTake,
  'declaration.propose': declarationPropose,
  'declaration.vote': declarationVote,
  'declaration.close': declarationClose,
  'declaration.withdraw': declarationWithdraw,
  'consequence.recover': consequenceRecover,
  'consequence.clear': consequenceClear,
  'consequence.heal': consequenceHeal,
  'conflict.start': conflictStart,
  'conflict.next': conflictNext,
  'conflict.end': conflictEnd,
  'conflict.order': conflictOrder,
  'conflict.join': conflictJoin,
  'conflict.leave': conflictLeave,
  'gm.adjust': gmAdjust,
  'chat.spectators': chatSpectators,
  'chat.whispers': chatWhispers,
  'countdown.add': countdowns.countdownAdd,
  'countdown.tick': countdowns.countdownTick,
  'countdown.edit': countdowns.countdownEdit,
  'countdown.reveal': countdowns.countdownReveal,
  'countdown.remove': countdowns.countdownRemove,
  'zone.add': board.zoneAdd,
  'zone.edit': board.zoneEdit,
  'zone.remove': board.zoneRemove,
  'border.add': board.borderAdd,
  'border.remove': board.borderRemove,
  'board.move': boardMove,
  'board.reveal': boardReveal,
  'board.map': board.boardMap,
  'board.overlay': board.boardOverlay,
  'character.portrait': board.characterPortrait,
  'handout.prepare': handouts.handoutPrepare,
  'handout.push': handouts.handoutPush,
  'handout.clear': handouts.handoutClear,
  'handout.remove': handouts.handoutRemove,
};

function dispatch(ctx: CommandContext): OrRefusal<Plan> {
  // The map pairs each type with its own handler; a lookup by the union of types cannot carry
  // that pairing, so the handler is widened here, the one place that does.
  const handler = HANDLERS[ctx.command.type] as Handler<CommandType>;
  return handler(ctx);
}
