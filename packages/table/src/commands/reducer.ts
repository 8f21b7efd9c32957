import { exhaustive } from '@fateboard/rules';
import type { Command } from './schemas';
import type { CommandContext, CommandOutcome, Ctx, Plan, Refusal } from './context';
import { isRefusal, refuse } from './context';
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
import {
  compelAccept,
  compelOffer,
  compelRefuse,
  compelWithdraw,
  fatePointGive,
} from './fate-points/compels';
import { conflictEnd, conflictNext, conflictOrder, conflictStart } from './time/conflict';
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
import { boardMove } from './board/moves';
import { boardReveal } from './board/reveal';

/**
 * Applies one command: checks the role, lets the command's handler validate everything and
 * plan its writes, then runs the writes in one transaction per document touched. A refusal
 * changes nothing.
 */
export function applyCommand(ctx: CommandContext): CommandOutcome {
  const { actor } = ctx;
  if (actor.role === 'spectator') return refuse('forbidden', 'Spectators cannot send commands.');
  if (actor.role === 'player' && actor.seatId === undefined && ctx.command.type !== 'join') {
    return refuse('forbidden', 'Join the table first.');
  }
  const plan = dispatch(ctx);
  if (isRefusal(plan)) return plan;
  if (plan.gm) ctx.docs.gm.transact(plan.gm);
  let log: ReturnType<typeof appendLog> = [];
  let rolls: RollView[] = [];
  if (plan.pub || (plan.log && plan.log.length > 0)) {
    ctx.docs.pub.transact((tr) => {
      const r = pubRoots(ctx.docs.pub);
      const before = new Set(r.rolls.map((m) => m.get('id')));
      plan.pub?.();
      log = appendLog(r, actor, ctx.command.type, ctx.now, plan.log ?? []);
      rolls = touchedRolls(r, tr, before);
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
function touchedRolls(r: PubRoots, tr: Y.Transaction, before: Set<unknown>): RollView[] {
  const changed = new Set<unknown>(tr.changed.keys());
  const out: RollView[] = [];
  for (const m of r.rolls.toArray()) {
    if (!before.has(m.get('id')) || changed.has(m)) out.push(readRoll(m));
  }
  return out;
}

function dispatch(ctx: CommandContext): Plan | Refusal {
  const command: Command = ctx.command;
  // Each case narrows the context to its command so the handler gets its own payload type.
  const as = <C extends Command>(c: C) => ({ ...ctx, command: c }) as Ctx<C['type']>;
  switch (command.type) {
    case 'join':
      return join(as(command));
    case 'character.create':
      return characterCreate(as(command));
    case 'character.claim':
      return characterClaim(as(command));
    case 'character.update':
      return characterUpdate(as(command));
    case 'character.remove':
      return characterRemove(as(command));
    case 'seat.remove':
      return seatRemove(as(command));
    case 'scene.start':
      return sceneStart(as(command));
    case 'scene.end':
      return sceneEnd(as(command));
    case 'session.start':
      return sessionStart(as(command));
    case 'scenario.end':
      return scenarioEnd(as(command));
    case 'milestone.major':
      return milestoneMajor(as(command));
    case 'aspect.add':
      return aspectAdd(as(command));
    case 'aspect.edit':
      return aspectEdit(as(command));
    case 'aspect.remove':
      return aspectRemove(as(command));
    case 'spotlight.push':
      return spotlightPush(as(command));
    case 'spotlight.dismiss':
      return spotlightDismiss(as(command));
    case 'gm.prepare':
      return gmPrepare(as(command));
    case 'gm.npc-draft':
      return gmNpcDraft(as(command));
    case 'gm.reveal':
      return gmReveal(as(command));
    case 'gm.note':
      return gmNote(as(command));
    case 'roll':
      // A recovery roll is an overcome against the consequence's difficulty (harm/recovery.ts).
      return command.recovers !== undefined ? recoveryRoll(as(command)) : roll(as(command));
    case 'help.ask':
      return helpAsk(as(command));
    case 'help.answer':
      return helpAnswer(as(command));
    case 'help.withdraw':
      return helpWithdraw(as(command));
    case 'defend':
      return defend(as(command));
    case 'invoke':
      return invoke(as(command));
    case 'outcome.apply':
      return outcomeApply(as(command));
    case 'compel.offer':
      return compelOffer(as(command));
    case 'compel.accept':
      return compelAccept(as(command));
    case 'compel.refuse':
      return compelRefuse(as(command));
    case 'compel.withdraw':
      return compelWithdraw(as(command));
    case 'fate-point.give':
      return fatePointGive(as(command));
    case 'free-invoke.pass':
      return freeInvokePass(as(command));
    case 'absorb':
      return absorb(as(command));
    case 'taken-out':
      return takenOut(as(command));
    case 'concede':
      return concede(as(command));
    case 'consequence.take':
      return consequenceTake(as(command));
    case 'consequence.recover':
      return consequenceRecover(as(command));
    case 'consequence.clear':
      return consequenceClear(as(command));
    case 'consequence.heal':
      return consequenceHeal(as(command));
    case 'conflict.start':
      return conflictStart(as(command));
    case 'conflict.next':
      return conflictNext(as(command));
    case 'conflict.end':
      return conflictEnd(as(command));
    case 'conflict.order':
      return conflictOrder(as(command));
    case 'gm.adjust':
      return gmAdjust(as(command));
    case 'chat.spectators':
      return chatSpectators(as(command));
    case 'chat.whispers':
      return chatWhispers(as(command));
    case 'countdown.add':
      return countdowns.countdownAdd(as(command));
    case 'countdown.tick':
      return countdowns.countdownTick(as(command));
    case 'countdown.edit':
      return countdowns.countdownEdit(as(command));
    case 'countdown.reveal':
      return countdowns.countdownReveal(as(command));
    case 'countdown.remove':
      return countdowns.countdownRemove(as(command));
    case 'zone.add':
      return board.zoneAdd(as(command));
    case 'zone.edit':
      return board.zoneEdit(as(command));
    case 'zone.remove':
      return board.zoneRemove(as(command));
    case 'border.add':
      return board.borderAdd(as(command));
    case 'border.remove':
      return board.borderRemove(as(command));
    case 'board.move':
      return boardMove(as(command));
    case 'board.reveal':
      return boardReveal(as(command));
    case 'board.map':
      return board.boardMap(as(command));
    case 'character.portrait':
      return board.characterPortrait(as(command));
    default:
      return exhaustive(command);
  }
}
