#!/usr/bin/env node
// `npm start`: builds what changed since the last build, then runs the production server
// (migrations run at start; an empty embedded database is seeded with the demo store). With
// WEB_CONCURRENCY > 1 and PostgreSQL the server is a supervisor with that many worker processes
// (docs/decisions/026); SIGTERM and SIGINT are passed on, so the server drains before it exits.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const sources = ['packages/shared/src', 'apps/api/src', 'apps/web/app', 'apps/web/public'];
const outputs = ['packages/shared/dist/index.js', 'apps/api/dist/main.js', 'apps/web/build/server/index.js'];

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = Math.min(...outputs.map((file) => fs.statSync(path.join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? 0));
const changedAt = Math.max(...sources.map((dir) => newestMtime(path.join(root, dir))));

if (changedAt > builtAt) {
  console.log('Building the shop…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(process.execPath, ['apps/api/dist/main.js'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    if (server.exitCode === null) server.kill(signal);
  });
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
