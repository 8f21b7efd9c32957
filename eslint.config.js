// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import svelteConfig from './apps/client/svelte.config.js';
import fateboard from './scripts/eslint-rules.mjs';

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

// Regular expressions: the plugin's rules that find mistakes and super-linear run time, not its
// style rules. Text from the network reaches many of these expressions, so none may backtrack
// (`a*a*`, `(a+)+`) or rescan the text from every position (`<[^>]*>` on `'<<<<'`). The
// plugin cannot see every quadratic search (it misses `<br\b[^>]*>` on `'<br '` repeated):
// text cleaners are also timed on 1 MiB of adversarial text by bench/src/text-case.ts.
const regexpRules = {
  // Super-linear run time.
  'regexp/no-super-linear-backtracking': ['error', { report: 'potential' }],
  'regexp/no-super-linear-move': [
    'error',
    { report: 'certain', ignoreSticky: false, ignorePartial: false },
  ],
  'regexp/optimal-quantifier-concatenation': 'error',
  // Mistakes: the plugin's "possible errors" (but `no-control-character`, which flags the
  // control characters the text rules name on purpose), and ranges like `[+-−]`, which read
  // as three characters and hold thousands.
  'regexp/no-contradiction-with-assertion': 'error',
  'regexp/no-dupe-disjunctions': 'error',
  'regexp/no-empty-alternative': 'error',
  'regexp/no-empty-capturing-group': 'error',
  'regexp/no-empty-character-class': 'error',
  'regexp/no-empty-group': 'error',
  'regexp/no-empty-lookarounds-assertion': 'error',
  'regexp/no-escape-backspace': 'error',
  'regexp/no-invalid-regexp': 'error',
  'regexp/no-lazy-ends': 'error',
  'regexp/no-misleading-capturing-group': 'error',
  'regexp/no-misleading-unicode-character': 'error',
  'regexp/no-missing-g-flag': 'error',
  'regexp/no-optional-assertion': 'error',
  'regexp/no-potentially-useless-backreference': 'error',
  'regexp/no-useless-assertions': 'error',
  'regexp/no-useless-backreference': 'error',
  'regexp/no-useless-dollar-replacements': 'error',
  'regexp/strict': 'error',
  'regexp/no-obscure-range': 'error',
  'regexp/no-dupe-characters-character-class': 'error',
};

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
  { plugins: { regexp }, rules: regexpRules },
  // Which package may import which, by its entry points only; no issue numbers in comments.
  // Both in scripts/eslint-rules.mjs, explained in CONTRIBUTING.md.
  {
    plugins: { fateboard },
    rules: { 'fateboard/import-boundaries': 'error', 'fateboard/no-issue-numbers': 'error' },
  },
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '.ci/*.js', 'scripts/*.mjs', 'apps/client/public/*.js'],
          // The loose scripts (scripts/*.mjs and a few more) outgrew the default of 8; they are
          // small, and one default project for them all costs little.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
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
        {
          selector: "BinaryExpression[operator='in'][left.value='ok']",
          message: "Ask isRefusal (packages/table) or read .ok; do not sniff for an 'ok' key.",
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
  // The client's one script outside the bundle runs in the page as it is.
  {
    files: ['apps/client/public/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
