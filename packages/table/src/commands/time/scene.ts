import { line, say } from '../../log/say';
import type { LogMessage } from '../../log/say';
import type { EconomyTransition, Ruleset, TimeMark } from '@fateboard/rules';
import { allCharacters, gmOnly, tableRuleset } from '../access';
import { readAspect } from '../../doc/views';
import type { CharacterRecord } from '../../doc/character-store';
import { compelsEndedWithScene } from '../fate-points/withdrawal';
import { pruneSheetInvokes, writeCharacter, writeTableState } from '../../doc/character-store';
import type { Handler, LogDraft, OrRefusal, Plan } from '../context';
import { isRefusal, refuse } from '../context';
import type { EconomyRun } from '../fate-points/points';
import { economyOf, runEconomy, writeEconomy } from '../fate-points/points';
import type { PubRoots } from '../../doc/schema';
import { pubRoots } from '../../doc/schema';
import type { YMap } from '../../doc/ymap';
import { bool, peek, put } from '../../doc/ymap';
import { boardEnded } from '../board/zones';

/** Scenes, sessions, scenarios and milestones: the points in time the rules care about. */

/** Every character after the ruleset passes the given marks of time, in order. */
function passed(
  ruleset: Ruleset,
  characters: CharacterRecord[],
  marks: TimeMark[],
): CharacterRecord[] {
  // Fate points move only through the economy, so passTime's own top-up is not kept here.
  return characters.map((c) => ({
    ...marks.reduce<CharacterRecord>((x, m) => ({ ...x, ...ruleset.passTime(x, m) }), c),
    fatePoints: c.fatePoints,
  }));
}

/** Writes characters after time passed (only what changed), then the economy over them. */
function writePassed(roots: PubRoots, after: CharacterRecord[], run: EconomyRun | undefined): void {
  for (const c of after) {
    const map = peek(roots.characters, c.id);
    if (!map) continue;
    writeCharacter(map, c);
    const live = new Set([
      ...c.aspects.map((a) => a.id),
      ...c.consequences.filter((s) => s.taken).map((s) => s.id),
    ]);
    pruneSheetInvokes(map, live);
  }
  if (run) writeEconomy(roots, run.state);
}

function timePlan(
  roots: PubRoots,
  ruleset: Ruleset,
  marks: TimeMark[],
  economy: EconomyTransition[],
  said: LogMessage,
  extra?: () => void,
): OrRefusal<Plan> {
  const after = passed(ruleset, allCharacters(roots), marks);
  // The economy decides the balances; passTime's own refresh top-up agrees with it.
  const run = economy.length > 0 ? runEconomy(economyOf(roots), economy) : undefined;
  if (run && isRefusal(run)) return run;
  const log: LogDraft = {
    ...line(said),
    ...(run && run.movements.length > 0 ? { movements: run.movements } : {}),
  };
  return {
    pub: () => {
      writePassed(roots, after, run);
      extra?.();
    },
    log: [log],
  };
}

export const sceneStart: Handler<'scene.start'> = ({ docs, actor, command, now }) => {
  const denied = gmOnly(actor, 'start a scene');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  if (bool(roots.scene, 'active')) return refuse('invalid', 'End the current scene first.');
  const present = [...new Set(command.characterIds)];
  const characters = allCharacters(roots);
  const missing = present.find((id) => !characters.some((c) => c.id === id));
  if (missing !== undefined)
    return refuse('not-found', `No character "${missing}" at this table.`, {
      id: 'no-character',
    });
  // The GM pool holds one point per player character in the scene [CORE-FP-5].
  const players = characters.filter(
    (c) => present.includes(c.id) && !c.npc && c.owner !== undefined,
  ).length;
  const run = runEconomy(economyOf(roots), [{ type: 'scene-start', players }]);
  if (isRefusal(run)) return run;
  return {
    pub: () => {
      put(roots.scene, 'active', true);
      put(roots.scene, 'name', command.name);
      put(roots.scene, 'startedAt', now);
      put(roots.scene, 'present', present);
      writeEconomy(roots, run.state);
    },
    log: [
      {
        ...line(say('sceneStarted', { name: command.name, players })),
        movements: run.movements,
      },
    ],
  };
};

/** Scene aspects and boosts end with the scene; the conflict and spotlight too. */
function clearScene(roots: PubRoots): void {
  roots.aspects.forEach((value, id) => {
    const kind = readAspect(value as YMap).kind;
    if (kind === 'boost' || kind === 'situation' || kind === 'character') roots.aspects.delete(id);
  });
  roots.meta.delete('spotlight');
  put(roots.scene, 'active', false);
  put(roots.scene, 'present', undefined);
  put(roots.scene, 'startedAt', undefined);
  put(roots.conflict, 'active', false);
  put(roots.conflict, 'order', undefined);
  put(roots.conflict, 'turn', undefined);
  put(roots.conflict, 'round', undefined);
  put(roots.conflict, 'freeMove', undefined);
  // Help is asked for a roll in the scene: what was not rolled is moot with it.
  roots.help.forEach((_value, id) => roots.help.delete(id));
  roots.characters.forEach((value) => writeTableState(value as YMap, { conflictConsequences: 0 }));
}

export const sceneEnd: Handler<'scene.end'> = ({ docs, actor }) => {
  const denied = gmOnly(actor, 'end a scene');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  if (!bool(roots.scene, 'active')) return refuse('invalid', 'No scene is running.');
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  // The scene's open compels are moot: withdrawn, no fate point moves. One log line per
  // compel (after the scene's own), like a `compel.withdraw`, so each names its character and
  // shows in that character's history; a scene seldom ends with more than one or two open.
  const compels = compelsEndedWithScene(roots);
  const board = boardEnded(docs);
  const plan = timePlan(
    roots,
    ruleset,
    ['scene-end'],
    [{ type: 'scene-end' }],
    // narrative has no stress: its damage lowers aspects, which the scene's end leaves alone.
    say(allCharacters(roots).some((c) => c.stress.length > 0) ? 'sceneEndedStress' : 'sceneEnded'),
    () => {
      clearScene(roots);
      compels.close();
      board.pub();
    },
  );
  if (isRefusal(plan)) return plan;
  return { ...plan, gm: board.gm, log: [...(plan.log ?? []), ...compels.log] };
};

export const sessionStart: Handler<'session.start'> = ({ docs, actor }) => {
  const denied = gmOnly(actor, 'start a session');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  if (bool(roots.scene, 'active')) return refuse('invalid', 'End the current scene first.');
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  const refresh: Record<string, number> = {};
  for (const c of allCharacters(roots)) if (!c.npc) refresh[c.id] = c.refresh;
  return timePlan(
    roots,
    ruleset,
    ['session-end', 'refresh'],
    [{ type: 'refresh', refresh }],
    say('sessionStarted'),
  );
};

export const scenarioEnd: Handler<'scenario.end'> = ({ docs, actor }) => {
  const denied = gmOnly(actor, 'end a scenario');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  if (bool(roots.scene, 'active')) return refuse('invalid', 'End the current scene first.');
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  return timePlan(roots, ruleset, ['scenario-end'], [], say('scenarioEnded'));
};

export const milestoneMajor: Handler<'milestone.major'> = ({ docs, actor }) => {
  const denied = gmOnly(actor, 'mark a major milestone');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  return timePlan(roots, ruleset, ['major-milestone'], [], say('majorMilestone'));
};
