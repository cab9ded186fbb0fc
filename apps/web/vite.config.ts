import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';
import { everyPageChunk, storefrontChunk } from './vite-chunks.ts';
import { serverRouterMemo } from './vite-server-router-memo.ts';
import { serverObjectSpreads } from './vite-server-spreads.ts';

// Workspace packages resolve to their TypeScript sources, bundled into the web build.
const source = '@shop/source';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), serverRouterMemo(), serverObjectSpreads()],
  resolve: { conditions: [source, ...defaultClientConditions] },
  ssr: {
    resolve: { conditions: [source, ...defaultServerConditions] },
    // React Router and TanStack Query are bundled into the server build so that its object
    // spreads are rewritten too (vite-server-spreads.ts); the API takes React Router's request
    // handler from this build, so one copy of it runs on the server.
    noExternal: ['@shop/shared', 'react-router', '@tanstack/react-query', '@tanstack/query-core'],
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
