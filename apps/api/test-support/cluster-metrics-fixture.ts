/**
 * A two-worker cluster for lib/cluster-metrics.test.ts: worker N counts N cash orders, then the
 * first worker reads the machine's metrics as a scrape of its /metrics would, and the supervisor
 * reads them with clusterMetrics(). Prints both texts as JSON and exits.
 */
import cluster from 'node:cluster';

interface FixtureMessage {
  type: 'fixture:ready' | 'fixture:scrape' | 'fixture:scraped';
  text?: string;
}

const isFixtureMessage = (message: unknown): message is FixtureMessage =>
  typeof message === 'object' && message !== null && String((message as { type?: unknown }).type).startsWith('fixture:');

if (cluster.isPrimary) {
  const { clusterMetrics } = await import('../src/lib/cluster-metrics.js');
  const workers = [1, 2].map((count) => cluster.fork({ FIXTURE_ORDERS: String(count) }));
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          worker.on('message', (message: unknown) => {
            if (isFixtureMessage(message) && message.type === 'fixture:ready') resolve();
          });
        }),
    ),
  );
  const fromWorker = await new Promise<string>((resolve) => {
    workers[0]!.on('message', (message: unknown) => {
      if (isFixtureMessage(message) && message.type === 'fixture:scraped') resolve(message.text ?? '');
    });
    workers[0]!.send({ type: 'fixture:scrape' } satisfies FixtureMessage);
  });
  const fromSupervisor = await clusterMetrics();
  process.stdout.write(`${JSON.stringify({ fromWorker, fromSupervisor })}\n`);
  for (const worker of workers) worker.kill();
  process.exit(0);
} else {
  const { countOrderPlaced } = await import('../src/lib/metrics.js');
  const { machineMetrics } = await import('../src/lib/cluster-metrics.js');
  for (let index = 0; index < Number(process.env.FIXTURE_ORDERS); index += 1) countOrderPlaced('cash_on_delivery');
  process.on('message', (message: unknown) => {
    if (!isFixtureMessage(message) || message.type !== 'fixture:scrape') return;
    void machineMetrics().then((text) => process.send?.({ type: 'fixture:scraped', text } satisfies FixtureMessage));
  });
  process.send?.({ type: 'fixture:ready' } satisfies FixtureMessage);
}
