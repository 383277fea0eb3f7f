import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// Layer boundaries (docs/architecture.md#boundaries), one no-restricted-imports rule per directory.
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const noAppLayer = { group: ['@/app', '@/app/**'], message: 'Only app/ (routes, layout) imports from app/.' };
const noUpward = { regex: '^(\\.\\./){2,}', message: "Import across folders with '@/...', not '../../'." };

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/.out-*/**', '**/dist/**', 'data/**', '**/drizzle/**', 'test-results/**', 'playwright-report/**', '.tmp/**', '.tsbuild/**', '**/.test-dist/**', '**/dist-next/**', '**/dist-old/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Web: a feature never imports another feature, nor the app layer.
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${feature}`, '@/features/*/**', `!@/features/${feature}/**`],
              message: 'A feature never imports another feature: move what both need to components/ or lib/, or compose them in app/.',
            },
            noAppLayer,
            noUpward,
          ],
        },
      ],
    },
  })),
  {
    // Web: shared building blocks (components/, lib/, config/) never import features or the app layer.
    files: ['apps/web/src/{components,lib,config}/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@/features', '@/features/**'], message: 'components/ and lib/ never import features/.' },
            noAppLayer,
            noUpward,
          ],
        },
      ],
    },
  },
  {
    // Server: routes speak HTTP and call services; they never touch the database layer.
    files: ['apps/server/src/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/db/**', '../db/**', 'drizzle-orm', 'drizzle-orm/**', 'pg', '@electric-sql/**'],
              message: 'Routes never import the database layer: put the query in a service.',
            },
          ],
        },
      ],
    },
  },
  {
    // Server: services hold the rules and know nothing of HTTP frameworks.
    files: ['apps/server/src/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify-*', '@fastify/**', '@/fastify.js', '@/plugins/**', '@/routes/**', '../plugins/**', '../routes/**', '../fastify.js'],
              message: "Services never import fastify (the caller type is '@/services/caller.js').",
            },
          ],
        },
      ],
    },
  },
  {
    // Web: query keys come from one registry (apps/web/src/lib/query-keys.ts), never array literals.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/query-keys.ts', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: "Use a key from '@/lib/query-keys' (one registry for every feature).",
        },
        {
          selector: "CallExpression[callee.property.name=/^(setQueryData|getQueryData|removeQueries|invalidateQueries|cancelQueries)$/] > ArrayExpression",
          message: "Use a key from '@/lib/query-keys' (one registry for every feature).",
        },
      ],
    },
  },
  {
    // Server tests import the sources through the '@/' alias, like the sources themselves.
    files: ['apps/server/test/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.\\./)+src/', message: "Import the server's sources as '@/...'." }] }],
    },
  },
);
