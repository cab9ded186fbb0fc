import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** From a module's file: another module's file other than its face, `../<area>/<file>.js`. */
const otherModuleThroughFace = {
  regex: '^\\.\\./[^./][^/]*/(?!index\\.js$)[^/]+$',
  message: 'Another module is reached through its face: import from ../<area>/index.js (docs/decisions/042).',
};
/** From outside the modules: a module's file other than its face. */
const modulesFromOutside = {
  regex: '(^|/)modules/[^/]+/(?!index\\.js$)[^/]+$',
  message: 'A module is reached through its face: import from modules/<area>/index.js (docs/decisions/042).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.react-router/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'log'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app reaches the business only through the HTTP API.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/api/**', '@shop/api', '@shop/api/*'], message: 'The web app talks to the API over its contract, never to its code.' }] },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/**', 'fastify', 'drizzle-orm', 'react', 'react-dom'], message: 'The shared package holds the contract and pure rules only.' }] },
      ],
    },
  },
  {
    // Outside the modules (services.ts, routes.ts, app.ts, seed, cli, tests), a module is
    // reached through its face, modules/<area>/index.ts (docs/decisions/042).
    files: ['apps/api/src/**/*.ts', 'apps/api/test-support/**/*.ts'],
    ignores: ['apps/api/src/modules/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [modulesFromOutside] }],
    },
  },
  {
    // A module reaches another only through that module's face.
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [otherModuleThroughFace] }],
    },
  },
  {
    files: ['apps/api/src/modules/**/*routes.ts'],
    rules: {
      // Handlers parse, call a service and shape the reply; SQL lives in services.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*', '**/db/schema/**'], message: 'Routes call services; database access belongs in service.ts.' },
            otherModuleThroughFace,
          ],
        },
      ],
    },
  },
  {
    // The layers below the modules; their tests may build an app from the modules.
    files: ['apps/api/src/{lib,db,plugins,integrations}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**'], message: 'Lower layers import no module: move the piece down or pass it in from services.ts / app.ts.' }] },
      ],
    },
  },
);
