import type { RulesetId, Severity } from '@fateboard/rules';
import type { FoundCharacter } from './found';
import type { PlayState, ReportLines } from './portable';
import { LIMITS, clamp } from './sheet-limits';
import { clip } from './text';

/**
 * The play state a file carries into a ruleset's tracks and slots: fate points, stress tracks
 * (one per kind, pirates' one for any harm, none in narrative) and taken consequences.
 */

/** Which severities each ruleset has slots for. */
const SEVERITIES: Readonly<Record<RulesetId, readonly Severity[]>> = {
  'fate-core': ['mild', 'moderate', 'severe', 'extreme'],
  pirates: ['mild', 'moderate', 'severe'],
  edgerunner: ['mild', 'moderate', 'severe'],
  narrative: [],
};

export function adaptPlay(
  found: FoundCharacter,
  ruleset: RulesetId,
): { play: PlayState; lines: ReportLines } {
  const report: ReportLines = { mapped: [], adapted: [], dropped: [] };
  const play: PlayState = { stress: [], consequences: [] };
  if (found.fatePoints !== undefined) {
    play.fatePoints = clamp(found.fatePoints, 0, 99);
    report.mapped.push(`fate points ${play.fatePoints}`);
  }
  for (const t of found.stress) {
    if (ruleset === 'narrative') {
      report.dropped.push(
        `stress track ${t.label}: narrative has no stress (damage lowers aspects)`,
      );
      continue;
    }
    // Pirates has one track for any harm; the others one per kind (an unlabelled one is physical).
    const kind = ruleset === 'pirates' ? 'any' : t.kind === 'any' ? 'physical' : t.kind;
    if (play.stress.some((s) => s.kind === kind)) {
      report.dropped.push(
        `stress track ${t.label}: ${ruleset} has one ${kind === 'any' ? '' : `${kind} `}track`,
      );
      continue;
    }
    if (kind !== t.kind)
      report.adapted.push(
        `stress track ${t.label} taken as ${kind === 'any' ? 'the' : `the ${kind}`} track`,
      );
    else
      report.mapped.push(
        `stress track ${t.label} (${t.boxes.filter((b) => b.checked).length} of ${t.boxes.length} checked)`,
      );
    play.stress.push({ kind, label: t.label || 'Stress', boxes: t.boxes.slice(0, 20) });
  }
  const slots = [...SEVERITIES[ruleset]];
  for (const c of found.consequences) {
    if (!c.taken) continue;
    const severity =
      c.severity !== undefined && slots.includes(c.severity)
        ? c.severity
        : slots.find((s) => !play.consequences.some((x) => x.severity === s));
    if (severity === undefined || play.consequences.some((x) => x.severity === severity)) {
      report.dropped.push(
        `consequence "${c.text}": no free ${c.severity ?? ''} slot in ${ruleset}`.replace(
          '  ',
          ' ',
        ),
      );
      continue;
    }
    const text = clip(c.text, LIMITS.aspect).text;
    play.consequences.push({ severity, text });
    if (severity !== c.severity)
      report.adapted.push(`consequence "${text}" (${c.label}) taken as ${severity}`);
    else report.mapped.push(`consequence (${severity}): ${text}`);
  }
  return { play, lines: report };
}
