import type { Severity } from '@fateboard/rules';
import type { Refused } from '../errors';
import { refused } from '../errors';
import type { FoundCharacter, FoundConsequence, FoundTrack } from '../found';
import { aspectRole, harmKindOf, severityOf } from '../fari/labels';
import type { JsonRecord } from '../json';
import { arrayAt, integerOf, isRecord, recordAt, stringAt } from '../json';
import { plainLine, plainText } from '../text';

/**
 * Foundry VTT's Fate Core Official actor, as "Export Data" writes it: `system` (Foundry 10 and
 * later; `data` before) holds `details.fatePoints`, and `aspects`, `skills`, `stunts`, `tracks`
 * as objects keyed by an encoding of each one's name. A track is stress when it is boxes to
 * tick, a consequence when it has an aspect or absorbs harm with a Sticky or Lasting recovery.
 */
export type FoundryRead = { ok: true; found: FoundCharacter } | Refused;

/** Whether a parsed file is a Foundry actor of any system. */
export function looksLikeFoundryActor(o: JsonRecord): boolean {
  return typeof o.type === 'string' && (isRecord(o.system) || isRecord(o.data)) && 'name' in o;
}

export function readFoundryActor(o: JsonRecord): FoundryRead {
  if (o.type !== 'fate-core-official') {
    const system = stringAt(recordAt(o, '_stats') ?? {}, 'systemId');
    const what = system ?? stringAt(o, 'type') ?? 'another system';
    return refused(
      'unknown-format',
      `This Foundry actor belongs to ${what.slice(0, 40)}, not to Fate Core Official: Fateboard reads Fate Core Official actors and Fari characters.`,
    );
  }
  const system = recordAt(o, 'system') ?? recordAt(o, 'data') ?? {};
  const details = recordAt(system, 'details') ?? {};
  const fatePoints = recordAt(details, 'fatePoints') ?? {};
  const found: FoundCharacter = {
    name: plainLine(stringAt(o, 'name') ?? ''),
    aspects: entries(system, 'aspects').map((a) => {
      const label = plainLine(stringAt(a, 'name') ?? '');
      return { label, role: aspectRole(label), text: plainLine(stringAt(a, 'value') ?? '') };
    }),
    skills: entries(system, 'skills').map((k) => ({
      label: plainLine(stringAt(k, 'name') ?? ''),
      rating: integerOf(k.rank) ?? 0,
    })),
    stunts: entries(system, 'stunts').map((s) => ({
      name: plainLine(stringAt(s, 'name') ?? ''),
      text: plainText(stringAt(s, 'description') ?? ''),
    })),
    stress: [],
    consequences: [],
    dropped: [],
  };
  const current = integerOf(fatePoints.current);
  const refresh = integerOf(fatePoints.refresh);
  if (current !== undefined) found.fatePoints = current;
  if (refresh !== undefined) found.refresh = refresh;
  for (const track of entries(system, 'tracks')) readTrack(found, track);
  return { ok: true, found };
}

/** The records of an object keyed by name (Foundry's way), in the file's order. */
function entries(system: JsonRecord, key: string): JsonRecord[] {
  const value = system[key];
  if (Array.isArray(value)) return value.filter(isRecord);
  return isRecord(value) ? Object.values(value).filter(isRecord) : [];
}

const SEVERITY_BY_HARM: Readonly<Record<number, Severity>> = {
  2: 'mild',
  4: 'moderate',
  6: 'severe',
  8: 'extreme',
};

function readTrack(found: FoundCharacter, track: JsonRecord): void {
  if (track.enabled === false) return;
  const name = plainLine(stringAt(track, 'name') ?? '');
  const harm = integerOf(track.harm_can_absorb) ?? 0;
  const recovery = stringAt(track, 'recovery_type') ?? 'Fleeting';
  const aspect = recordAt(track, 'aspect');
  const ticks = (arrayAt(track, 'box_values') ?? []).map((b) => b === true);
  const boxes = integerOf(track.boxes) ?? ticks.length;
  if (aspect !== undefined || (recovery !== 'Fleeting' && harm > 0)) {
    const text = plainLine(stringAt(aspect ?? {}, 'name') ?? '');
    const taken = text !== '' || ticks.some(Boolean);
    const consequence: FoundConsequence = {
      label: name,
      severity: severityOf(name) ?? SEVERITY_BY_HARM[harm],
      text: text || name,
      taken,
    };
    if (taken) found.consequences.push(consequence);
    return;
  }
  if (boxes <= 0) {
    found.dropped.push(`track ${name || '(unnamed)'}: no boxes and no consequence`);
    return;
  }
  // "escalating" labels the boxes 1, 2, 3…; otherwise each box takes one shift.
  const escalating = track.label === 'escalating';
  const stress: FoundTrack = {
    label: name,
    kind: harmKindOf(name),
    boxes: Array.from({ length: Math.min(boxes, 20) }, (_, i) => ({
      value: escalating ? i + 1 : 1,
      checked: ticks[i] === true,
    })),
  };
  found.stress.push(stress);
}
