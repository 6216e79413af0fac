// Type-aware lint for every workspace. Zero warnings is enforced by `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import sarmLocal from './eslint-rules/no-bare-jsx-text.js';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      '**/*.config.js',
      '**/*.config.ts',
      'packages/casa/bin/**',
      '.ci/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Every user-visible text goes through i18n so the four languages stay complete.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { sarm: sarmLocal },
    rules: { 'sarm/no-bare-jsx-text': 'error' },
  },
  {
    // The local rules are plain JavaScript outside any tsconfig.
    files: ['eslint-rules/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Pure packages never depend on the applications.
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@sarm/server', '@sarm/server/*', '@sarm/web', '@sarm/web/*'],
              message: 'packages/* must not import from apps/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The CASA and ML cores take frames as typed arrays: no I/O outside their entry files (ML's
    // backend.ts only locates the installed WASM binaries).
    files: ['packages/casa/src/**/*.ts', 'packages/ml/src/**/*.ts'],
    ignores: [
      'packages/casa/src/node/**',
      'packages/casa/src/cli/**',
      'packages/casa/src/bench/**',
      'packages/casa/src/**/*.test.ts',
      'packages/ml/src/backend.ts',
      'packages/ml/src/bench/**',
      'packages/ml/src/node/**',
      'packages/ml/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/**', '@sarm/server', '@sarm/web'],
              message: 'packages/* must not import from apps/.',
            },
            {
              group: ['node:*', 'fs', 'child_process', 'path', 'os'],
              message:
                'The CASA and ML cores perform no I/O; use their entry files (casa: src/node/).',
            },
          ],
        },
      ],
    },
  },
);
