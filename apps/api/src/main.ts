import './node-env.js';
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { buildApp, type App } from './app.js';
import { superviseWorkers, supervisorLog } from './cluster/supervisor.js';
import { supervisorLimits } from './cluster/shared-limits.js';
import { ConfigError, loadConfig, type AppConfig } from './config.js';
import { isEmptyStore, openConfiguredDatabase, type DatabaseHandle } from './db/client.js';
import { advisoryLockLeadership, soleLeadership } from './lib/leadership.js';
import { webPlugin } from './plugins/web.js';
import { seedDemoAdmin } from './seed/demo-admin.js';
import { seedDemoStore } from './seed/demo-store.js';

const webRoot = fileURLToPath(new URL('../../web', import.meta.url));
/** While draining, how often kept-alive connections whose request has finished are closed. */
const IDLE_SWEEP_MS = 100;

/**
 * `node apps/api/dist/main.js` (what `npm start` runs): one server process, or with
 * WEB_CONCURRENCY > 1 and PostgreSQL a supervisor and that many workers (docs/decisions/026).
 */
async function main(): Promise<void> {
  const dev = process.argv.includes('--dev');
  const config = loadConfig(process.env);
  if (cluster.isWorker) return serve(config, { dev, role: 'worker' });

  const log = supervisorLog(config.logLevel);
  let processes = dev ? 1 : config.webConcurrency;
  if (processes > 1 && !config.databaseUrl) {
    const note = { processes, hint: 'set DATABASE_URL (a PostgreSQL server) to use every core' };
    const message = 'the embedded database belongs to one process: running one server process';
    if (config.webConcurrencySet) log.warn(note, message);
    else log.info(note, message);
    processes = 1;
  }
  if (processes === 1) return serve(config, { dev, role: 'single' });

  // Migrations run once, here, before any worker serves (workers never migrate).
  const database = await openConfiguredDatabase({ ...config, dbPoolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  superviseWorkers({
    workers: processes,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    readyMessage: `shop ready at ${config.publicUrl} (${processes} server processes, postgres database)`,
    log,
  });
}

interface ServeOptions {
  dev: boolean;
  /** single: the only process (migrates, seeds an empty embedded store); worker: one of the supervisor's. */
  role: 'single' | 'worker';
}

async function serve(config: AppConfig, { dev, role }: ServeOptions): Promise<void> {
  const database = await openConfiguredDatabase(config);
  if (role === 'single') await database.migrate();

  // The app's logger, for a warning from the rate-limit counts (which exist before the app).
  const logs: { app?: App['log'] } = {};
  const app = await buildApp({
    config,
    database,
    ...(dev ? { logger: 'pretty' as const } : {}),
    leadership: config.databaseUrl
      ? advisoryLockLeadership({ connectionString: config.databaseUrl })
      : soleLeadership(),
    ...(role === 'worker'
      ? {
          machineLimits: supervisorLimits(() =>
            logs.app?.warn('the supervisor did not answer a rate-limit count: this worker counts alone for now'),
          ),
        }
      : {}),
  });
  logs.app = app.log;

  if (role === 'single' && database.kind === 'embedded' && (await isEmptyStore(database.db))) {
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

  const shutdown = stopGracefully(app, database, config.shutdownTimeoutMs);
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // A worker whose supervisor is gone stops too, instead of serving on unsupervised.
  if (role === 'worker') process.on('disconnect', () => shutdown('supervisor gone'));

  await app.listen({ port: config.port, host: config.host });
  if (role === 'single') app.log.info(`shop ready at ${config.publicUrl} (${database.kind} database)`);
}

/**
 * The stop of one server process: readiness answers "draining", no new connection is accepted,
 * the requests under way finish (kept-alive connections are closed as soon as they are idle, so
 * none holds the process open), then the background work stops and the pools close. All of it
 * within `deadlineMs`; past it the process exits with 1.
 */
function stopGracefully(app: App, database: DatabaseHandle, deadlineMs: number) {
  let stopping = false;
  return (reason: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ reason }, 'shutting down: finishing the requests under way');
    app.markDraining();
    const deadline = setTimeout(() => {
      app.log.error({ deadline_ms: deadlineMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT_SECONDS: exiting');
      process.exit(1);
    }, deadlineMs);
    deadline.unref();
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    idleSweep.unref();
    app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The shop could not start:', error);
  }
  process.exit(1);
});
