import { exhaustive } from '@fateboard/rules';
import type { Command } from './commands';
import type { CommandContext, CommandOutcome, Ctx, Plan, Refusal } from './context';
import { isRefusal, refuse } from './context';
import { appendLog } from './log';
import { pubRoots } from './schema';
import { characterClaim, characterCreate, characterUpdate, join } from './seats';

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
  if (plan.pub || (plan.log && plan.log.length > 0)) {
    ctx.docs.pub.transact(() => {
      plan.pub?.();
      log = appendLog(pubRoots(ctx.docs.pub), actor, ctx.command.type, ctx.now, plan.log ?? []);
    });
  }
  const result = { ...plan.result, ...(log.length > 0 ? { log } : {}) };
  return Object.keys(result).length > 0 ? { ok: true, result } : { ok: true };
}

function notYet(type: string): Refusal {
  return refuse('invalid', `The command "${type}" is not implemented yet.`);
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
    case 'scene.start':
    case 'scene.end':
    case 'session.start':
    case 'scenario.end':
    case 'milestone.major':
    case 'aspect.add':
    case 'aspect.edit':
    case 'aspect.remove':
    case 'spotlight.push':
    case 'spotlight.dismiss':
    case 'gm.prepare':
    case 'gm.npc-draft':
    case 'gm.reveal':
    case 'gm.note':
    case 'roll':
    case 'invoke':
    case 'outcome.apply':
    case 'compel.offer':
    case 'compel.accept':
    case 'compel.refuse':
    case 'fate-point.give':
    case 'absorb':
    case 'taken-out':
    case 'concede':
    case 'consequence.take':
    case 'consequence.recover':
    case 'consequence.clear':
    case 'conflict.start':
    case 'conflict.next':
    case 'conflict.end':
    case 'gm.adjust':
      return notYet(command.type);
    default:
      return exhaustive(command);
  }
}
