import './node-env.js';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { isEmptyStore, openConfiguredDatabase } from './db/client.js';
import { webPlugin } from './plugins/web.js';
import { seedDemoAdmin } from './seed/demo-admin.js';
import { seedDemoStore } from './seed/demo-store.js';

const webRoot = fileURLToPath(new URL('../../web', import.meta.url));

async function main(): Promise<void> {
  const dev = process.argv.includes('--dev');
  const config = loadConfig(process.env);
  const database = await openConfiguredDatabase(config);
  await database.migrate();

  const app = await buildApp({
    config,
    database,
    ...(dev ? { logger: 'pretty' as const } : {}),
  });

  if (database.kind === 'embedded' && (await isEmptyStore(database.db))) {
    app.log.info('empty embedded database: seeding the demo store');
    await seedDemoStore({ db: database.db, files: app.services.files, log: app.log });
    await seedDemoAdmin({
      db: database.db,
      dataDir: config.dataDir,
      password: process.env.DEMO_ADMIN_PASSWORD || undefined,
      log: app.log,
    });
  }

  await app.register(webPlugin, { webRoot, dev });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`shop ready at ${config.publicUrl} (${database.kind} database)`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The shop could not start:', error);
  }
  process.exit(1);
});
