// Imported first by main.ts: React and other libraries choose their development or production
// build from NODE_ENV when first loaded, so it must be settled before any of them is imported.
process.env.NODE_ENV ??= process.argv.includes('--dev') ? 'development' : 'production';
