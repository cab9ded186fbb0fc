import type { Database } from '../db/client.js';

export interface SeedLogger {
  info: (message: string) => void;
}

export interface SeedOptions {
  db: Database;
  uploadsDir: string;
  log: SeedLogger;
}

/** Fills an empty store with the deterministic demo shop. */
export async function seedDemoStore(_options: SeedOptions): Promise<void> {}
