import { loadConfig } from '../config.js';
import { openConfiguredDatabase } from '../db/client.js';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await database.migrate();
await database.close();
console.log(`Migrations applied (${database.kind} database).`);
