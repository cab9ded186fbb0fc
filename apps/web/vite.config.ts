import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { everyPageChunk, storefrontChunk } from './vite-chunks.ts';

// Workspace packages resolve to their TypeScript sources, bundled into the web build.
const source = '@shop/source';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { conditions: [source, ...defaultClientConditions] },
  ssr: {
    resolve: { conditions: [source, ...defaultServerConditions] },
    noExternal: ['@shop/shared'],
  },
  build: {
    target: 'es2022',
    // The browser build puts what every page runs, and what storefront pages share, into three
    // chunks instead of ~30 small ones (docs/decisions/023); the server build keeps the default.
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: everyPageChunk, priority: 2 },
                  { name: storefrontChunk, minShareCount: 2, priority: 1 },
                ],
              },
            },
          },
        }),
  },
}));
