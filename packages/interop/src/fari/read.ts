import type { FoundCharacter } from '../found';
import type { JsonRecord } from '../json';
import { arrayAt, integerOf, isRecord, recordAt, stringAt } from '../json';
import { oneLine, plainLine, plainText } from '../text';
import type { SectionKind } from './labels';
import {
  harmKindOf,
  isFatePoints,
  isHighConcept,
  isRefresh,
  aspectRole,
  isTrouble,
  sectionKind,
  severityOf,
} from './labels';
import type { FariSection } from './shape';

/**
 * Reads the sections of a Fari character into what Fateboard knows. Each block is read by
 * what its section's label says (aspects, skills, stunts…); where the label is unknown, by
 * the block's type and the section's place (Fari puts aspects first, then stunts).
 */
export function readFariSections(name: string, sections: FariSection[]): FoundCharacter {
  const found: FoundCharacter = {
    name: plainLine(name),
    aspects: [],
    skills: [],
    stunts: [],
    stress: [],
    consequences: [],
    dropped: [],
  };
  for (const s of sections) {
    const kind = sectionKind(s.label) ?? guessKind(s, found);
    for (const block of s.blocks) readBlock(found, kind, s.label, block);
  }
  return found;
}

/** A section whose label is unknown, by its blocks and what was already found. */
function guessKind(s: FariSection, found: FoundCharacter): SectionKind | undefined {
  const types = new Set(s.blocks.map((b) => b.type));
  if (types.size === 1 && types.has('Skill')) return 'skills';
  if (types.size === 1 && types.has('SlotTracker')) return 'stress';
  if (types.size !== 1 || !types.has('Text')) return undefined;
  if (s.blocks.some((b) => isHighConcept(labelOf(b)) || isTrouble(labelOf(b)))) return 'aspects';
  if (found.aspects.length === 0) return 'aspects';
  if (found.stunts.length === 0) return 'stunts';
  return undefined;
}

const labelOf = (block: JsonRecord): string => stringAt(block, 'label') ?? '';
const idOf = (block: JsonRecord): string | undefined => stringAt(block, 'id');

function readBlock(
  found: FoundCharacter,
  kind: SectionKind | undefined,
  sectionLabel: string,
  block: JsonRecord,
): void {
  const label = plainLine(labelOf(block));
  const type = stringAt(block, 'type') ?? '';
  const meta = recordAt(block, 'meta') ?? {};
  const raw = block.value;
  const where = `${plainLine(sectionLabel) || 'a section'} › ${label || type}`;
  switch (type) {
    case 'PointCounter':
    case 'Numeric':
      if (meta.isMainPointCounter === true || isFatePoints(label)) {
        found.fatePoints = integerOf(raw);
        // The main counter's max is the refresh (Fari's migration from version 2 put it there).
        const max = integerOf(meta.max);
        if (max !== undefined) found.refresh = max;
      } else if (isRefresh(label) || kind === 'refresh') {
        found.refresh = integerOf(raw);
      } else if (kind === 'fate-points') {
        found.fatePoints = integerOf(raw);
      } else found.dropped.push(`${where}: a counter Fateboard has no place for`);
      return;
    case 'Skill': {
      const rating = integerOf(raw) ?? 0;
      // Fateboard's own Fari export writes narrative's rated aspects as skills under Aspects.
      if (kind === 'aspects')
        found.aspects.push({ id: idOf(block), label, role: 'other', text: label, rating });
      else found.skills.push({ id: idOf(block), label, rating });
      return;
    }
    case 'SlotTracker':
      found.stress.push({
        label,
        kind: harmKindOf(label),
        boxes: (arrayAt(block, 'value') ?? []).filter(isRecord).map((box, i) => ({
          value: integerOf(box.label) ?? i + 1,
          checked: box.checked === true,
        })),
      });
      return;
    case 'Text':
      readText(
        found,
        kind,
        label,
        plainText(typeof raw === 'string' ? raw : ''),
        meta,
        block,
        where,
      );
      return;
    default:
      if (typeof raw === 'string' && plainLine(raw) !== '')
        found.dropped.push(`${where} (${type || 'no type'})`);
  }
}

function readText(
  found: FoundCharacter,
  kind: SectionKind | undefined,
  label: string,
  text: string,
  meta: JsonRecord,
  block: JsonRecord,
  where: string,
): void {
  const role = aspectRole(label);
  switch (kind) {
    case 'aspects':
      found.aspects.push({ id: idOf(block), label, role, text: oneLine(text) });
      return;
    case 'stunts':
      // Template slots nobody filled in ("Stunt #1" with no text) are not stunts.
      if (text !== '') found.stunts.push({ id: idOf(block), name: label, text });
      return;
    case 'consequences': {
      const checked = meta.checked === true;
      if (checked || text !== '') {
        found.consequences.push({
          label,
          severity: severityOf(label),
          text: oneLine(text) || label,
          taken: true,
        });
      }
      return;
    }
    case 'refresh':
    case 'fate-points': {
      const n = integerOf(text);
      if (n === undefined) break;
      if (kind === 'refresh' || isRefresh(label)) found.refresh = n;
      else found.fatePoints = n;
      return;
    }
    case 'skills':
    case 'stress':
    case undefined:
      // High concept and trouble are aspects wherever they sit.
      if (role !== 'other' && role !== 'ship') {
        found.aspects.push({ id: idOf(block), label, role, text: oneLine(text) });
        return;
      }
      break;
  }
  if (text !== '') found.dropped.push(`${where}: "${oneLine(text).slice(0, 60)}"`);
}
