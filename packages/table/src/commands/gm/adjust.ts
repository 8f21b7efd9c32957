import { ladderParam, line, say } from '../../log/say';
import type { LogMessage, LogParam } from '../../log/say';
import type { Character } from '@fateboard/rules';
import { findCharacter, gmOnly, tableRuleset } from '../access';
import { checkOwner, holderSaid, resolveAspect, setFreeInvokes } from '../aspects/aspect-refs';
import { writeCharacter } from '../../doc/character-store';
import type { Handler, OrRefusal, Plan } from '../context';
import { isRefusal, refuse } from '../context';
import { economyOf, runEconomy, writeEconomy } from '../fate-points/points';
import { pubRoots } from '../../doc/schema';
import { num } from '../../doc/ymap';
import { fatePointsSaid } from '../../log/words';

/**
 * The GM's hand correction of any value, logged with what it was and what it became. Fate
 * points and the GM pool still move through the economy, to or from the bank, so the log
 * accounts for every point.
 */
export const gmAdjust: Handler<'gm.adjust'> = ({ docs, actor, command }): OrRefusal<Plan> => {
  const denied = gmOnly(actor, 'adjust values by hand');
  if (denied) return denied;
  const roots = pubRoots(docs.pub);
  const a = command.adjust;
  const why = command.reason ? say('because', { reason: command.reason }) : '';

  if (a.what === 'gm-pool') {
    const run = runEconomy(economyOf(roots), [
      { type: 'gm-adjust', holder: { type: 'gm' }, value: a.value },
    ]);
    if (isRefusal(run)) return run;
    return {
      pub: () => writeEconomy(roots, run.state),
      log: [
        {
          ...line(say('gmSetPool', { value: a.value, why })),
          movements: run.movements,
          before: num(roots.meta, 'gmPool'),
          after: a.value,
        },
      ],
    };
  }
  if (a.what === 'free-invokes') {
    const aspect = resolveAspect(roots, a.ref);
    if (isRefusal(aspect)) return aspect;
    const badOwner = checkOwner(roots, a.owner);
    if (badOwner) return badOwner;
    return {
      pub: () => setFreeInvokes(aspect, a.owner, a.count),
      log: [
        {
          ...line(
            say('gmSetInvokes', {
              holder: holderSaid(roots, a.owner),
              aspect: aspect.text,
              count: a.count,
              why,
            }),
          ),
          before: aspect.freeInvokes[a.owner] ?? 0,
          after: a.count,
        },
      ],
    };
  }

  const found = findCharacter(roots, a.characterId);
  if (isRefusal(found)) return found;
  const c = found.character;
  if (a.what === 'fate-points') {
    const run = runEconomy(economyOf(roots), [
      { type: 'gm-adjust', holder: { type: 'character', id: c.id }, value: a.value },
    ]);
    if (isRefusal(run)) return run;
    return {
      pub: () => writeEconomy(roots, run.state),
      log: [
        {
          ...line(pointsChange(c.name, c.fatePoints, a.value, why)),
          characterId: c.id,
          movements: run.movements,
          before: c.fatePoints,
          after: a.value,
        },
      ],
    };
  }

  const ruleset = tableRuleset(roots);
  if (isRefusal(ruleset)) return ruleset;
  let next: Character;
  let before: unknown;
  let label: LogMessage;
  switch (a.what) {
    case 'refresh':
      before = c.refresh;
      next = { ...c, refresh: a.value };
      label = say('gmSetRefresh', { name: c.name, value: a.value, why });
      break;
    case 'stress': {
      const track = c.stress.find((t) => t.id === a.trackId);
      const box = track?.boxes[a.box];
      if (!track || !box)
        return refuse('not-found', `${c.name} has no stress box ${a.trackId}/${a.box}.`, {
          id: 'no-stress-box',
          params: { name: c.name },
        });
      before = box.checked;
      next = {
        ...c,
        stress: c.stress.map((t) =>
          t.id === a.trackId
            ? {
                ...t,
                boxes: t.boxes.map((b, i) => (i === a.box ? { ...b, checked: a.checked } : b)),
              }
            : t,
        ),
      };
      label = say(a.checked ? 'gmCheckedBox' : 'gmClearedBox', {
        name: c.name,
        value: box.value,
        track: track.label.toLowerCase(),
        why,
      });
      break;
    }
    case 'skill': {
      if (ruleset.skills && !ruleset.skills.some((s) => s.id === a.skillId)) {
        return refuse('not-found', `${ruleset.name} has no skill "${a.skillId}".`, {
          id: 'no-skill',
          params: { ruleset: ruleset.name },
        });
      }
      before = c.skills.find((s) => s.id === a.skillId)?.rating ?? 0;
      const skills = c.skills.some((s) => s.id === a.skillId)
        ? c.skills.map((s) => (s.id === a.skillId ? { ...s, rating: a.rating } : s))
        : [...c.skills, { id: a.skillId, rating: a.rating }];
      next = ruleset.syncSheet({ ...c, skills });
      label = say('gmSetSkill', {
        name: c.name,
        skill: ruleset.skills?.find((s) => s.id === a.skillId)?.name ?? a.skillId,
        rating: ladderParam(a.rating),
        why,
      });
      break;
    }
    case 'aspect-rating': {
      const aspect = c.aspects.find((x) => x.id === a.aspectId);
      if (!aspect)
        return refuse('not-found', `${c.name} has no aspect "${a.aspectId}".`, { id: 'no-aspect' });
      before = aspect.rating;
      next = {
        ...c,
        aspects: c.aspects.map((x) => (x.id === a.aspectId ? { ...x, rating: a.rating } : x)),
      };
      label = say('gmRatedAspect', {
        name: c.name,
        aspect: aspect.text,
        rating: ladderParam(a.rating),
        why,
      });
      break;
    }
  }
  const after = next;
  return {
    pub: () => writeCharacter(found.map, after),
    log: [
      {
        ...line(label),
        characterId: c.id,
        ...(before === undefined ? {} : { before }),
        after: a.what === 'stress' ? a.checked : a.what === 'refresh' ? a.value : a.rating,
      },
    ],
  };
};

/** "the GM gave Ben a fate point", said from the change a hand-set balance makes. */
function pointsChange(name: string, before: number, after: number, why: LogParam): LogMessage {
  if (after > before) {
    return say('gmGavePoints', { name, points: fatePointsSaid(after - before), why });
  }
  if (after < before) {
    return say('gmTookPoints', { name, points: fatePointsSaid(before - after), why });
  }
  return say('gmLeftPoints', { name, value: after, why });
}
