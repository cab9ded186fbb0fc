// The benchmark's yardstick: a bare Fastify "hello world" served the way `npm start` serves the
// shop (node:cluster, the same number of workers, loopback), measured by the same load generator in
// the same run. Machines of one kind differ by a factor of two from one day to the next, so a figure
// of the shop means something only beside what this machine does with no shop at all
// (docs/decisions/033: the first table was taken beside a hello-world that answered 48,000
// requests a second).
//
//   node scripts/bench-baseline.mjs --serve --workers 2   (prints the port once every worker listens)

import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const script = fileURLToPath(import.meta.url);

/** Starts the hello-world in its own process; resolves with its origin and a function that stops it. */
export function startBaseline(workers) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, '--serve', '--workers', String(workers)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /^listening (\d+)$/m.exec(output);
      if (match) {
        resolve({
          origin: `http://127.0.0.1:${match[1]}`,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`the hello-world server stopped (exit code ${code})`)),
    );
  });
}

async function serve(workers) {
  if (cluster.isPrimary) {
    // Port 0 in a cluster gives every worker the same port: the primary binds it once.
    let listening = 0;
    let port;
    for (let index = 0; index < workers; index += 1) cluster.fork();
    cluster.on('listening', (_worker, address) => {
      port = address.port;
      listening += 1;
      if (listening === workers) console.log(`listening ${port}`);
    });
    process.on('SIGTERM', () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.kill();
      process.exit(0);
    });
    return;
  }
  const { default: Fastify } = await import('fastify');
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
}

if (process.argv[1] === script) {
  const { values } = parseArgs({
    options: {
      serve: { type: 'boolean', default: false },
      workers: { type: 'string', default: '1' },
    },
  });
  const workers = Number(values.workers);
  if (!values.serve || !Number.isInteger(workers) || workers < 1) {
    console.error('usage: node scripts/bench-baseline.mjs --serve --workers N');
    process.exit(2);
  }
  await serve(workers);
}
