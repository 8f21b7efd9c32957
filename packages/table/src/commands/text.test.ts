import { describe, expect, it } from 'vitest';
import { parseCommand } from './parse';
import { GM, refused, sceneTable } from '../test/harness';
import { textProblem } from './text';

// Guarantee 7 (docs/GUARANTEES.md, bad input): user text that breaks the table for others,
// and record keys that name the prototype chain, are refused with `bad-command` and a
// message that says why; a refused command changes nothing.

const sheet = (over: Record<string, unknown> = {}) => ({
  name: 'Zira',
  aspects: [{ id: 'hc', slot: 'high-concept', text: 'Wizard' }],
  stunts: [{ id: 's1', name: 'Bolt', text: 'Once per scene.' }],
  ...over,
});

/** Every command field that carries text a person typed, by kind, as a command around it. */
const FIELDS: { field: string; kind: 'name' | 'line' | 'multiline'; at: (t: string) => object }[] =
  [
    { field: 'join.name', kind: 'name', at: (t) => ({ type: 'join', name: t }) },
    {
      field: 'character.create character.name',
      kind: 'name',
      at: (t) => ({ type: 'character.create', character: sheet({ name: t }) }),
    },
    {
      field: 'character.update changes.name',
      kind: 'name',
      at: (t) => ({ type: 'character.update', characterId: 'c', changes: { name: t } }),
    },
    {
      field: 'gm.npc-draft character.name',
      kind: 'name',
      at: (t) => ({ type: 'gm.npc-draft', character: sheet({ name: t }) }),
    },
    {
      field: 'sheet aspect text',
      kind: 'line',
      at: (t) => ({
        type: 'character.create',
        character: sheet({ aspects: [{ id: 'hc', slot: 'high-concept', text: t }] }),
      }),
    },
    {
      field: 'stunt name',
      kind: 'line',
      at: (t) => ({
        type: 'character.update',
        characterId: 'c',
        changes: { stunts: [{ id: 's', name: t, text: 'x' }] },
      }),
    },
    {
      field: 'stunt text',
      kind: 'multiline',
      at: (t) => ({
        type: 'character.update',
        characterId: 'c',
        changes: { stunts: [{ id: 's', name: 'x', text: t }] },
      }),
    },
    {
      field: 'scene.start name',
      kind: 'name',
      at: (t) => ({ type: 'scene.start', name: t, characterIds: [] }),
    },
    {
      field: 'aspect.add text',
      kind: 'name',
      at: (t) => ({ type: 'aspect.add', kind: 'situation', text: t }),
    },
    {
      field: 'aspect.edit text',
      kind: 'name',
      at: (t) => ({ type: 'aspect.edit', ref: { aspectId: 'a' }, text: t }),
    },
    {
      field: 'gm.prepare text',
      kind: 'name',
      at: (t) => ({ type: 'gm.prepare', kind: 'situation', text: t }),
    },
    {
      field: 'gm.prepare note',
      kind: 'multiline',
      at: (t) => ({ type: 'gm.prepare', kind: 'situation', text: 'x', note: t }),
    },
    { field: 'gm.note text', kind: 'multiline', at: (t) => ({ type: 'gm.note', text: t }) },
    {
      field: 'roll reason',
      kind: 'line',
      at: (t) => ({ type: 'roll', characterId: 'c', action: 'overcome', reason: t }),
    },
    {
      field: 'roll modifier label',
      kind: 'line',
      at: (t) => ({
        type: 'roll',
        characterId: 'c',
        action: 'overcome',
        modifiers: [{ label: t, value: 1 }],
      }),
    },
    {
      field: 'outcome.apply aspect.text',
      kind: 'name',
      at: (t) => ({ type: 'outcome.apply', rollId: 'r', aspect: { text: t } }),
    },
    {
      field: 'outcome.apply boost',
      kind: 'name',
      at: (t) => ({ type: 'outcome.apply', rollId: 'r', boost: t }),
    },
    {
      field: 'compel.offer text',
      kind: 'name',
      at: (t) => ({ type: 'compel.offer', characterId: 'c', text: t }),
    },
    {
      field: 'fate-point.give reason',
      kind: 'line',
      at: (t) => ({ type: 'fate-point.give', fromCharacterId: 'a', toCharacterId: 'b', reason: t }),
    },
    {
      field: 'absorb names',
      kind: 'name',
      at: (t) => ({ type: 'absorb', characterId: 'c', option: 0, names: { mild: t } }),
    },
    {
      field: 'consequence.take text',
      kind: 'name',
      at: (t) => ({ type: 'consequence.take', characterId: 'c', slotId: 'mild', text: t }),
    },
    {
      field: 'consequence.recover text',
      kind: 'name',
      at: (t) => ({ type: 'consequence.recover', characterId: 'c', slotId: 'mild', text: t }),
    },
    {
      field: 'gm.adjust reason',
      kind: 'line',
      at: (t) => ({ type: 'gm.adjust', adjust: { what: 'gm-pool', value: 1 }, reason: t }),
    },
  ];

const parse = (input: object) => parseCommand({ id: 'x', ...input });

/** Refused everywhere, with the message's reason. */
const EVERYWHERE: [string, string, RegExp][] = [
  ['NUL', 'Ann\u0000', /control character \(U\+0000\)/],
  ['escape', 'Ann\u001b[31m', /control character \(U\+001B\)/],
  ['DEL', 'Ann\u007f', /control character \(U\+007F\)/],
  ['C1 next line', 'Ann\u0085Bob', /control character \(U\+0085\)/],
  ['carriage return', 'Ann\rBob', /control character \(U\+000D\)/],
  ['line separator', 'Ann\u2028Bob', /control character \(U\+2028\)/],
  ['right-to-left override', '\u202Enna', /bidirectional override or isolate \(U\+202E\)/],
  ['left-to-right embedding', 'A\u202Ab', /bidirectional override or isolate \(U\+202A\)/],
  ['right-to-left isolate', 'A\u2067b', /bidirectional override or isolate \(U\+2067\)/],
  ['pop directional isolate', 'A\u2069', /bidirectional override or isolate \(U\+2069\)/],
  ['unpaired surrogate', 'A\uD800', /not valid Unicode/],
  ['zero-width only', '\u200B\u200D', /must show something/],
  ['combining marks alone', '\u0301\u0308', /must show something/],
  ['Hangul filler', '\u3164', /must show something/],
  ['blank braille', '\u2800\u2800', /must show something/],
];

describe('user text in commands (guarantee 7)', () => {
  it.each(FIELDS)('$field refuses control, bidi-control and invisible text', ({ field, at }) => {
    for (const [what, text, reason] of EVERYWHERE) {
      const parsed = parse(at(text));
      expect(parsed, `${field}: ${what}`).toMatchObject({ ok: false, code: 'bad-command' });
      if (!parsed.ok) expect(parsed.message, `${field}: ${what}`).toMatch(reason);
    }
  });

  it.each(FIELDS)('$field takes newlines and tabs only where it is multi-line', ({ at, kind }) => {
    for (const text of ['Ann\nBob', 'Ann\tBob']) {
      const parsed = parse(at(text));
      if (kind === 'multiline') expect(parsed.ok).toBe(true);
      else expect(parsed.ok ? '' : parsed.message).toMatch(/line break or tab/);
    }
  });

  it.each(FIELDS)('$field refuses an empty name, allows an empty line', ({ at, kind }) => {
    for (const text of ['', '   ', '\uFEFF', '\u00A0\u3000']) {
      const parsed = parse(at(text));
      if (kind === 'name') expect(parsed).toMatchObject({ ok: false, code: 'bad-command' });
      // One-line fields are trimmed, so spaces alone are the empty line.
      else if (kind === 'line') expect(parsed.ok, JSON.stringify(text)).toBe(true);
    }
  });

  it.each(FIELDS)('$field keeps real text in any script', ({ field, at }) => {
    for (const text of [
      'مرحبا بالعالم',
      'שלום עולם',
      'Zoe\u0308 (Zoë, combining)',
      '🏴‍☠️ Captain',
      'Ann\u200F (a right-to-left mark)',
      'क्षत्रिय',
    ]) {
      expect(parse(at(text)).ok, `${field}: ${text}`).toBe(true);
    }
  });

  it('trims one-line text and leaves multi-line text as written', () => {
    expect(parse({ type: 'join', name: '  Ann  ' })).toMatchObject({ command: { name: 'Ann' } });
    expect(parse({ type: 'gm.note', text: ' a\n\tb ' })).toMatchObject({
      command: { text: ' a\n\tb ' },
    });
  });

  it('a refused name changes nothing on the table', () => {
    const { t } = sceneTable();
    for (const [, text] of EVERYWHERE) {
      refused(t, GM, { type: 'aspect.add', kind: 'situation', text }, 'bad-command');
    }
  });

  it('names what is wrong as a phrase after the field', () => {
    expect(textProblem('A\u0000', 'name')).toBe('must not contain a control character (U+0000)');
    expect(textProblem('', 'name')).toBe('must not be empty');
    expect(textProblem('', 'line')).toBeUndefined();
    expect(textProblem('a\nb', 'line')).toBe('must not contain a line break or tab (U+000A)');
    expect(textProblem('a\nb', 'multiline')).toBeUndefined();
  });
});

describe('record keys (guarantee 7)', () => {
  const RECORDS: { field: string; at: (json: string) => string }[] = [
    {
      field: 'absorb.names',
      at: (entries) => `{"type":"absorb","characterId":"c","option":0,"names":{${entries}}}`,
    },
    {
      field: 'conflict.start.aspects',
      at: (entries) => `{"type":"conflict.start","order":["c"],"aspects":{${entries}}}`,
    },
  ];

  it.each(RECORDS)('$field refuses __proto__, constructor and prototype', ({ field, at }) => {
    expect(parse(JSON.parse(at('"mild":"Broken arm"')) as object).ok).toBe(true);
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      // JSON.parse, as socket.io's parser does, makes `__proto__` an own key.
      const input = JSON.parse(at(`"mild":"Broken arm","${key}":"Oops"`)) as object;
      const parsed = parse(input);
      expect(parsed, `${field} ${key}`).toMatchObject({ ok: false, code: 'bad-command' });
      if (!parsed.ok) {
        expect(parsed.message).toContain(`the key "${key}" is not allowed`);
        expect(parsed.message).toContain(field.split('.').at(-1));
      }
    }
    expect(Object.prototype).not.toHaveProperty('Oops');
  });

  it('an absorb whose names carry __proto__ is refused and changes nothing', () => {
    const { t, a } = sceneTable();
    // Without the key the same absorb is accepted (one stress box, no consequence named).
    const names = JSON.parse('{"__proto__":"Broken arm"}') as Record<string, string>;
    refused(t, GM, { type: 'absorb', characterId: a, shifts: 1, option: 0, names }, 'bad-command');
    t.ok(GM, { type: 'absorb', characterId: a, shifts: 1, option: 0 });
  });
});
