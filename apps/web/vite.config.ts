import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

// Workspace packages resolve to their TypeScript sources, bundled into the web build.
const source = '@shop/source';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { conditions: [source, ...defaultClientConditions] },
  ssr: {
    resolve: { conditions: [source, ...defaultServerConditions] },
    noExternal: ['@shop/shared'],
  },
  build: { target: 'es2022' },
});
