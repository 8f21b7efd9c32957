// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { TranslationJSON } from '@nanostores/i18n';
import { declared, english } from './english';
import ptBR from './pt-BR';

// Every module's English (english.ts); each other language must say every key of it, with
// the same {placeholders}, and nothing it no longer has. A key left out would show English
// in the middle of a Portuguese screen, so this is the test that fails on an untranslated key.

/** Keys with their {placeholders}, flattening plural forms (`key.one`, `key.many`). */
function shape(json: TranslationJSON | undefined, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof json === 'string') {
    out.set(
      prefix,
      [...json.matchAll(/\{(\w+)\}/g)]
        .map((m) => m[1])
        .sort()
        .join(','),
    );
  } else if (json) {
    for (const [key, value] of Object.entries(json)) {
      for (const [k, v] of shape(value, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  }
  return out;
}

/** A plural's forms differ by language (Portuguese has no `few`); compare plurals by key. */
function pluralRoot(key: string): string {
  return key.replace(/\.(zero|one|two|few|many|other)$/, '');
}

describe('translations', () => {
  it('finds the interface strings', () => {
    expect(declared.length).toBeGreaterThan(0);
    expect(new Set(declared.map((d) => d.component)).size).toBe(declared.length);
  });

  for (const [component, base] of Object.entries(english)) {
    it(`pt-BR says every string of ${component}`, () => {
      const want = shape(base);
      const have = shape(ptBR[component]);
      const missing = [...want.keys()].filter(
        (k) => ![...have.keys()].some((h) => pluralRoot(h) === pluralRoot(k)),
      );
      const extra = [...have.keys()].filter(
        (k) => ![...want.keys()].some((w) => pluralRoot(w) === pluralRoot(k)),
      );
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      for (const [key] of want) {
        const root = pluralRoot(key);
        // A plural's placeholders are those of all its English forms ("a fate point" / "{count}
        // fate points").
        const placeholders = [...want]
          .filter(([w]) => pluralRoot(w) === root)
          .map(([, p]) => p)
          .join(',');
        const theirs = [...have].filter(([h]) => pluralRoot(h) === root).map(([, p]) => p);
        // A plural's "one" form may leave out {count} ("um ponto"), but never invent a name.
        for (const p of theirs) {
          for (const name of p.split(',').filter(Boolean)) {
            expect(placeholders.split(','), `${component}.${key}`).toContain(name);
          }
        }
      }
    });
  }

  it('keeps no translation of a component that is gone', () => {
    expect(Object.keys(ptBR).filter((c) => !(c in english))).toEqual([]);
  });
});
