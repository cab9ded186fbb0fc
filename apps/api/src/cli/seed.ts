import { loadConfig } from '../config.js';
import { isEmptyStore, openConfiguredDatabase } from '../db/client.js';
import { createFileStorage } from '../lib/file-storage/index.js';
import { seedDemoAdmin } from '../seed/demo-admin.js';
import { seedDemoStore } from '../seed/demo-store.js';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
const files = createFileStorage(config);
try {
  await database.migrate();
  if (!(await isEmptyStore(database.db))) {
    console.error('The store already has products or categories; the demo data is only seeded into an empty store.');
    process.exitCode = 1;
  } else {
    await seedDemoStore({ db: database.db, files, log: console });
    await seedDemoAdmin({
      db: database.db,
      dataDir: config.dataDir,
      password: process.env.DEMO_ADMIN_PASSWORD || undefined,
      log: console,
    });
    console.log(`Demo store seeded (${database.kind} database).`);
  }
} finally {
  files.close();
  await database.close();
}
