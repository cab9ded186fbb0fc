import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { webPlugin } from '../src/plugins/web.js';
import { createTestApp, type TestContext } from './test-app.js';

/** The web app (apps/web), whose production build `npm test` makes before the unit tests. */
export const webRoot = fileURLToPath(new URL('../../web', import.meta.url));

/** The real app with the server-rendered pages of the web app's production build. */
export async function createTestWebApp(
  overrides: NodeJS.ProcessEnv = {},
  logTo?: Writable,
): Promise<TestContext> {
  const serverBuild = path.join(webRoot, 'build', 'server', 'index.js');
  if (!fs.existsSync(serverBuild)) {
    throw new Error(`The web app is not built (${serverBuild}); run npm run build first.`);
  }
  return createTestApp(
    overrides,
    async (app) => {
      await app.register(webPlugin, { webRoot, dev: false });
    },
    logTo,
  );
}
