// ESLint: Next's own rules (core web vitals + TypeScript), flat config. `make lint` runs it.
import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // An argument named `_x` is unused on purpose (a mock's signature).
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // jest.mock factories are hoisted above imports: they can only `require` what they use.
    files: ['**/*.test.ts', '**/*.test.tsx', 'jest.config.js', 'jest.setup.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // React Compiler rules, new in eslint-config-next 16. Refs are no longer read or written during
    // render (17 findings fixed): an error again. State set from effects (20 findings left of 22, mostly storage
    // read after mount so that server and browser renders agree) is warned until rewritten.
    rules: { 'react-hooks/set-state-in-effect': 'warn', 'react-hooks/refs': 'error' },
  },
  globalIgnores([
    '.next/**',
    '.next-*/**', // the browser stage's builds (.next-e2e, .next-e2e-hosted, their tsconfigs)
    'node_modules/**',
    'next-env.d.ts',
    'coverage/**',
  ]),
]);
