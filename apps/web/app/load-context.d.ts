import type { WebLoadContext } from '@shop/shared';

declare module 'react-router' {
  // The server (apps/api/src/plugins/web.ts) passes a WebLoadContext to every loader and action.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends WebLoadContext {}
}
