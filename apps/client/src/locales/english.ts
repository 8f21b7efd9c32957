import { messagesToJSON } from '@nanostores/i18n';
import type { ComponentsJSON } from '@nanostores/i18n';

// The interface's English, for the tests that hold the translations to it (locales.test.ts,
// english-words.test.ts): every module that declares interface strings exports them as
// `messages` (or `messages…`), and loading them all gives the English base. Tests only: it
// loads every component (a DOM must stand in for the page, `@vitest-environment happy-dom`).
const modules = import.meta.glob<Record<string, unknown>>([
  '../components/**/*.svelte',
  '../views/**/*.svelte',
  '../components/**/*.ts',
  '../lib/**/*.ts',
  '!../components/**/*.test.ts',
  '!../lib/**/*.test.ts',
]);

interface Declared {
  component: string;
  base: Record<string, unknown>;
}

function isMessages(value: unknown): value is Declared {
  return typeof value === 'object' && value !== null && 'component' in value && 'base' in value;
}

// Modules read the page (its address, its storage) when they load: a DOM stands in for it.
const loaded = await Promise.all(Object.values(modules).map((load) => load()));
export const declared = loaded.flatMap((m) =>
  Object.entries(m)
    .filter(([name, value]) => name.startsWith('messages') && isMessages(value))
    .map(([, value]) => value as Declared),
);
export const english: ComponentsJSON = messagesToJSON(...(declared as never[]));
