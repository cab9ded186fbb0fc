#!/usr/bin/env node
// Builds the storefront's service worker into the web app's client build (docs/decisions/021):
// bundles apps/web/service-worker/service-worker.ts (Workbox and the shared URL rules) with Vite,
// then lets workbox-build write the precache list into it. Precached: the hashed scripts and
// styles of the storefront's routes (read from React Router's build manifest: no back-office
// route, hence no back-office chunk and no chart library), the fonts, and the offline page in
// both languages. Run after `react-router build`, before compression:
//   node ../../scripts/build-service-worker.mjs build/client   (from apps/web)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, defaultClientConditions } from 'vite';
import { injectManifest } from 'workbox-build';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const webRoot = path.join(root, 'apps', 'web');
const clientDir = path.resolve(process.argv[2] ?? path.join(webRoot, 'build', 'client'));
const LANGUAGES = ['ar', 'en'];
/** Route ids of the back office (apps/web/app/routes.ts): never precached for shoppers. */
const BACK_OFFICE_ROUTE = /^routes\/admin\//;

function fail(message) {
  console.error(`build-service-worker: ${message}`);
  process.exit(1);
}

/** React Router's manifest of the build: every route's module, its imports and its styles. */
function readRouterManifest() {
  const assets = path.join(clientDir, 'assets');
  const files = fs.readdirSync(assets).filter((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (files.length !== 1) fail(`expected one React Router manifest in ${assets}, found ${files.length}`);
  const source = fs.readFileSync(path.join(assets, files[0]), 'utf8');
  const json = source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1);
  return { file: `assets/${files[0]}`, manifest: JSON.parse(json) };
}

/** The client build's files (relative, with forward slashes) a shopper's pages need. */
function storefrontFiles() {
  const { file, manifest } = readRouterManifest();
  const wanted = new Set([file]);
  const add = (url) => {
    if (typeof url === 'string' && url.startsWith('/')) wanted.add(url.slice(1));
  };
  add(manifest.entry?.module);
  for (const url of manifest.entry?.imports ?? []) add(url);
  for (const route of Object.values(manifest.routes ?? {})) {
    if (BACK_OFFICE_ROUTE.test(route.id)) continue;
    add(route.module);
    for (const url of [...(route.imports ?? []), ...(route.css ?? [])]) add(url);
  }
  const fonts = fs
    .readdirSync(path.join(clientDir, 'assets'))
    .filter((name) => name.endsWith('.woff2'))
    .map((name) => `assets/${name}`);
  const files = [...wanted, ...fonts].filter((name) => fs.existsSync(path.join(clientDir, name)));
  if (!files.some((name) => name.endsWith('.css'))) fail('no stylesheet found for the storefront');
  return files.sort();
}

/** Bundles the service worker's source into one classic script, Workbox's debug code left out. */
async function bundleServiceWorker(outDir) {
  await build({
    configFile: false,
    root: webRoot,
    publicDir: false,
    logLevel: 'warn',
    resolve: { conditions: ['@shop/source', ...defaultClientConditions] },
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      lib: {
        entry: path.join(webRoot, 'service-worker', 'service-worker.ts'),
        formats: ['iife'],
        name: 'shopServiceWorker',
        fileName: () => 'sw.js',
      },
    },
  });
  return path.join(outDir, 'sw.js');
}

const files = storefrontFiles();
// The offline pages are rendered by the server: a new build (new assets, new page code) renews them.
const offlineRevision = createHash('sha256')
  .update(files.join('\n'))
  .update(fs.readFileSync(path.join(webRoot, 'app', 'features', 'pwa', 'offline-page.server.ts')))
  .update(LANGUAGES.map((lang) => fs.readFileSync(path.join(webRoot, 'app', 'i18n', 'messages', `offline.${lang}.json`))).join(''))
  .digest('hex')
  .slice(0, 16);

const temporary = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-sw-'));
try {
  const swSrc = await bundleServiceWorker(temporary);
  const result = await injectManifest({
    swSrc,
    swDest: path.join(clientDir, 'sw.js'),
    globDirectory: clientDir,
    globPatterns: files,
    // Hashed file names are their own version.
    dontCacheBustURLsMatching: /^assets\//,
    additionalManifestEntries: LANGUAGES.map((lang) => ({ url: `/offline?lang=${lang}`, revision: offlineRevision })),
    maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
  });
  for (const warning of result.warnings) console.warn(`build-service-worker: ${warning}`);
  const kib = (result.size / 1024).toFixed(0);
  console.info(`service worker: ${result.count} files precached (${kib} KiB) -> ${path.relative(root, path.join(clientDir, 'sw.js'))}`);
} finally {
  fs.rmSync(temporary, { recursive: true, force: true });
}
