// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import svelteConfig from './apps/client/svelte.config.js';

// The rules package is pure: no randomness, no clock, no I/O. Randomness comes in as an
// `Rng` argument so that every result can be replayed from a seed.
const impureGlobals = [
  'Date',
  'fetch',
  'process',
  'setTimeout',
  'setInterval',
  'setImmediate',
  'XMLHttpRequest',
  'WebSocket',
  'localStorage',
  'sessionStorage',
  'performance',
  'crypto',
].map((name) => ({ name, message: `packages/rules is pure: '${name}' is not allowed here.` }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  // Parses .svelte and .svelte.ts files with svelte-eslint-parser; its recommended rules.
  ...svelte.configs.recommended,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '.ci/*.js', 'scripts/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
        // The same for every file, so that the project service is not reloaded between
        // .ts and .svelte files.
        extraFileExtensions: ['.svelte'],
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'Re-export by name, not with export *.' },
        {
          selector:
            "CallExpression[callee.object.name=/^(describe|it|test)$/][callee.property.name='only']",
          message: 'No .only left in tests.',
        },
      ],
    },
  },
  {
    files: ['packages/rules/src/**/*.ts'],
    ignores: [
      'packages/rules/src/cases/cli.ts',
      'packages/rules/src/cases/load.ts',
      'packages/rules/src/cases/rules-coverage.test.ts',
    ],
    rules: {
      'no-restricted-globals': ['error', ...impureGlobals],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'packages/rules is pure: take an Rng argument.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                'fs',
                'fs/*',
                'path',
                'os',
                'http',
                'https',
                'net',
                'child_process',
                'crypto',
              ],
              message: 'packages/rules is pure: no I/O.',
            },
          ],
        },
      ],
    },
  },
  {
    // The browser client.
    files: ['apps/client/src/**/*.ts', 'apps/client/src/**/*.svelte'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Components and rune modules: svelte-eslint-parser hands <script lang="ts"> (and
    // .svelte.ts files) to typescript-eslint's parser, with types from the client's tsconfig.
    files: ['apps/client/**/*.svelte', 'apps/client/**/*.svelte.ts'],
    languageOptions: {
      parserOptions: {
        parser: tseslint.parser,
        svelteConfig,
      },
    },
    rules: {
      // `{' '}` keeps a space at the start of a block, which Svelte 5 trims; no option allows it.
      'svelte/no-useless-mustaches': 'off',
    },
  },
  {
    files: ['apps/client/**/*.svelte.ts'],
    rules: {
      // Flags every Map/Set in an exported class, even locals and deliberately untracked bookkeeping.
      'svelte/prefer-svelte-reactivity': 'off',
    },
  },
  {
    files: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
