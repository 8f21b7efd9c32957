import { ladderParam, line, say } from '../../log/say';
import type { Character } from '@fateboard/rules';
import { declarationSkill } from '@fateboard/rules';
import { actorRef, findCharacter, findControlled, tableRuleset } from '../access';
import { beginConflict, joinConflict } from '../time/conflict';
import type { Ctx, Handler, OrRefusal, Plan } from '../context';
import { isRefusal, refuse } from '../context';
import { defenderOf, healingTarget, rollKind } from './roll-kind';
import type { RollKind } from './roll-kind';
import { diceSaid, ratingOf, rollSide, sideModifiers, stuntAndHelp } from './sides';
import { resolveRoll, writeNewRoll } from './stored-rolls';
import { endRequestsOf } from './help';
import { awaitZoneDefences, zoneTargets } from './zone-attack';
import { pubRoots } from '../../doc/schema';
import type { RollSide, RollView } from '../../doc/views';
import { bool } from '../../doc/ymap';
import { resultSaid, rollPurposeSaid } from '../../log/words';

/**
 * The `roll` command: rolling the dice on the server. The command is checked (`roll-kind.ts`),
 * each side rolled (`sides.ts`) and the roll stored with the recent ones (`stored-rolls.ts`),
 * resolved at once or, when a defender rolls their own defence, awaiting it.
 */

export const roll: Handler<'roll'> = (ctx) => {
  const { docs, actor, command, newId, now } = ctx;
  const roots = pubRoots(docs.pub);
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const found = findControlled(roots, actor, command.characterId);
  if (isRefusal(found)) return found;
  if (command.opposition && command.difficulty !== undefined) {
    return refuse('invalid', 'Give a difficulty or an opposing character, not both.');
  }
  const kind = rollKind(roots, command, actor);
  if (isRefusal(kind)) return kind;
  const defender = defenderOf(roots, command, kind, found.character);
  if (defender !== undefined && isRefusal(defender)) return defender;
  const targets =
    kind.zone === undefined ? undefined : zoneTargets(roots, kind.zone, found.character);
  if (targets !== undefined && isRefusal(targets)) return targets;
  let opposingCharacter: Character | undefined;
  if (command.opposition) {
    const opp = findCharacter(roots, command.opposition.characterId);
    if (isRefusal(opp)) return opp;
    opposingCharacter = opp.character;
  }
  // Players' rolls add what their sheets and friends give (stunts, help); any other bonus or
  // penalty is the GM's to set, so a player link cannot roll with a +10 it names itself.
  if (actor.role !== 'gm' && (command.modifiers?.length ?? 0) > 0) {
    return refuse('forbidden', 'Only the GM adds other bonuses to a roll: use a stunt or help.');
  }
  const role = kind.action === 'defend' ? 'defender' : 'aggressor';
  const actorMods = sideModifiers(ruleset, command, role);
  if (isRefusal(actorMods)) return actorMods;
  const rating = kind.declaration
    ? declarationSkill(kind.declaration.supporters, kind.declaration.opposers)
    : ratingOf(ruleset, found.character, command);
  // A declaration's words are what the roll is for, unless the roller said otherwise.
  const reason = command.reason ?? kind.declaration?.text;
  if (typeof rating !== 'number') return rating;
  // A helper is on the roller's side: never whom the roll is against [CORE-TEAMWORK-1].
  const opposing = [
    command.defender,
    command.opposition?.characterId,
    ...(targets?.characters.map((c) => c.id) ?? []),
  ].filter((id): id is string => id !== undefined);
  const actorBonuses = stuntAndHelp(roots, actor, found.character, command, opposing);
  if (isRefusal(actorBonuses)) return actorBonuses;
  const modifiers = [...(command.modifiers ?? []), ...actorBonuses, ...actorMods];
  const difficulty =
    kind.removes?.persistence ??
    kind.moves?.difficulty ??
    command.difficulty ??
    (command.opposition || defender || targets ? undefined : 0);
  const base = {
    action: kind.action,
    ...(kind.aspectAction === undefined ? {} : { aspectAction: kind.aspectAction }),
    ...(kind.removes === undefined ? {} : { removal: true }),
  };
  // A simple action is not rolled [NAR-SIMPLE-1]: the ruleset says whether this one is, from
  // the aspect alone ("a character's aspect is higher than the difficulty"); strategy,
  // creativity and tools change a roll, not whether there is one.
  const heals = healingTarget(roots, ruleset, command, kind.action, defender !== undefined);
  if (heals !== undefined && isRefusal(heals)) return heals;
  const simple =
    heals === undefined &&
    !command.opposition &&
    !defender &&
    !targets &&
    ruleset.resolveAction({
      ...base,
      total: rating,
      opposition: difficulty ?? 0,
      opposed: false,
      simple: true,
    }).ok;
  const actorSide = rollSide(
    ctx,
    found.character,
    command,
    rating,
    modifiers,
    simple ? 0 : ruleset.diceCount,
  );
  let opposition: RollSide | undefined;
  if (command.opposition && opposingCharacter) {
    const oppMods = sideModifiers(
      ruleset,
      command.opposition,
      role === 'aggressor' ? 'defender' : 'aggressor',
    );
    if (isRefusal(oppMods)) return oppMods;
    // The opposition takes no stunts or helpers: those are its own player's to pick, and the
    // roller rolls this side for them; a character who picks their own rolls `defend`.
    const oppRating = ratingOf(ruleset, opposingCharacter, command.opposition);
    if (typeof oppRating !== 'number') return oppRating;
    opposition = rollSide(
      ctx,
      opposingCharacter,
      command.opposition,
      oppRating,
      oppMods,
      ruleset.diceCount,
    );
  }
  const id = newId();
  const draft: RollView = {
    id,
    at: now,
    by: actorRef(ctx),
    action: kind.action,
    ...(reason ? { reason } : {}),
    actor: actorSide,
    ...(difficulty === undefined ? {} : { difficulty }),
    ...(opposition === undefined ? {} : { opposition }),
    invokes: [],
    outcome: 'tie',
    shifts: 0,
    applied: false,
    ...(kind.aspectAction === undefined ? {} : { aspectAction: kind.aspectAction }),
    ...(kind.declaration === undefined ? {} : { declaration: kind.declaration }),
    ...(kind.removes === undefined ? {} : { removes: kind.removes.ref }),
    ...(simple ? { simple: true } : {}),
    ...(heals === undefined ? {} : { heals: heals.id }),
    ...(defender ? { defence: { characterId: defender.id, status: 'awaiting' as const } } : {}),
    ...(kind.moves ? { moves: kind.moves.moves } : {}),
  };
  if (defender) return awaitDefence(ctx, draft, found.character, defender.character, kind);
  if (targets) return awaitZoneDefences(ctx, draft, found.character, targets);
  const resolved = resolveRoll(ruleset, draft);
  if (!resolved.ok) return refuse('rules', resolved.message);
  const { outcome, shifts } = resolved.value;
  const view: RollView = { ...draft, outcome, shifts };
  const against = opposition
    ? say('againstSide', {
        name: opposingCharacter?.name ?? '?',
        total: ladderParam(opposition.total),
      })
    : kind.removes
      ? say('againstRemoval', { text: kind.removes.text, value: kind.removes.persistence })
      : ladderParam(difficulty ?? 0);
  const purpose = heals
    ? say('purposeHeal', { name: heals.name })
    : kind.moves
      ? say('purposeMove', { zone: kind.moves.zoneName })
      : rollPurposeSaid(kind.aspectAction ?? (kind.removes ? 'removal' : kind.action));
  const dice = simple ? say('simpleAction') : diceSaid(actorSide);
  return {
    pub: () => {
      writeNewRoll(roots, view);
      endRequestsOf(roots, found.character.id);
      // Rolled: the declaration leaves the table, its tally kept on the roll.
      if (kind.declarationId !== undefined) roots.declarations.delete(kind.declarationId);
    },
    log: [
      {
        ...line(
          say('rolled', {
            name: found.character.name,
            purpose,
            dice,
            total: ladderParam(actorSide.total),
            against,
            result: resultSaid(outcome, shifts),
          }),
        ),
        characterId: found.character.id,
        rollId: id,
      },
    ],
    result: { rollId: id },
  };
};

/**
 * Stores a roll that awaits its defender's roll: the outcome stays undecided until `defend`.
 * An attack is a conflict: outside one it starts one, between the two; inside one, whoever is
 * not in the turn order yet joins it.
 */
function awaitDefence(
  ctx: Ctx<'roll'>,
  draft: RollView,
  roller: Character,
  defender: Character,
  kind: RollKind,
): OrRefusal<Plan> {
  const roots = pubRoots(ctx.docs.pub);
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const inConflict = bool(roots.conflict, 'active');
  const starts = kind.action === 'attack' && !inConflict;
  const purpose = rollPurposeSaid(kind.action);
  const dice = diceSaid(draft.actor);
  return {
    pub: () => {
      if (starts) beginConflict(roots, ruleset, [roller.id, defender.id]);
      else if (inConflict) joinConflict(roots, [roller.id, defender.id]);
      writeNewRoll(roots, draft);
      endRequestsOf(roots, roller.id);
    },
    log: [
      ...(starts
        ? [line(say('attackStartedConflict', { attacker: roller.name, defender: defender.name }))]
        : []),
      {
        ...line(
          say('rolledAgainstDefender', {
            name: roller.name,
            purpose,
            dice,
            total: ladderParam(draft.actor.total),
            defender: defender.name,
          }),
        ),
        characterId: roller.id,
        rollId: draft.id,
      },
    ],
    result: { rollId: draft.id },
  };
}
