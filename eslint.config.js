// ESLint (flat config), run by `npm test` with --max-warnings 0: the
// recommended JavaScript and typescript-eslint rules, and React's hook rules
// (eslint-plugin-react-hooks, with the React Compiler's checks) over every
// TypeScript file. Not type-aware: `npm run typecheck` already runs tsc over the same
// files, and a second type-checked program would double the lint's time.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
  },
  {
    // The bin is CommonJS (bin/package.json): it loads the bundle with require().
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  { files: ['**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    rules: {
      // Taking fields off with a rest pattern (`const { data: _drop, ...envelope } = event`) is how a copy without them is made.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
      // Terminal control bytes are what this console strips and what its tests look for: such an expression is never a typo here.
      'no-control-regex': 'off',
    },
  },
  {
    // One idea per file and per function (issue 23): a function over 60 lines
    // or a file over 300 is usually two ideas. Tests are tables and stay out.
    files: ['src/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 60, skipBlankLines: true, skipComments: true }],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
);
