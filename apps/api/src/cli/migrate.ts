import path from 'node:path';
import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/client.js';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  embeddedDir: path.join(config.dataDir, 'db'),
});
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind} database).`);
