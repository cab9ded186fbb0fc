import { defaultClientConditions, defaultServerConditions } from 'vite';
import { defineConfig } from 'vitest/config';

// Workspace packages resolve to their TypeScript sources in tests.
const source = '@shop/source';

export default defineConfig({
  resolve: { conditions: [source, ...defaultClientConditions] },
  // Vitest also hands these to Node as --conditions for dependencies it does not transform; with
  // `module` there, a CommonJS package's require() gets an ES build (prom-client's
  // @opentelemetry/api), which Node cannot load.
  ssr: { resolve: { conditions: [source, ...defaultServerConditions.filter((condition) => condition !== 'module')] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/api/src/**/*.test.ts', 'apps/web/app/**/*.test.{ts,tsx}'],
    setupFiles: ['./test-setup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.VITEST_JSON_REPORT
      ? ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT }]]
      : ['default'],
  },
});
