// Imported first by main.ts: React and other libraries choose their development or production
// build from NODE_ENV when first loaded, so it must be settled before any of them is imported.

/** NODE_ENV as set, or (unset or empty) `development` with `--dev` and `production` otherwise. */
export function settledNodeEnv(current: string | undefined, argv: readonly string[]): string {
  return current?.trim() || (argv.includes('--dev') ? 'development' : 'production');
}

process.env.NODE_ENV = settledNodeEnv(process.env.NODE_ENV, process.argv);
