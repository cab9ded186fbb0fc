import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, type PrometheusContentType } from 'prom-client';

/**
 * Metrics of a whole machine when `npm start` runs several workers (node:cluster): a scrape
 * reaches one worker, which asks the supervisor; the supervisor collects every worker's registry
 * with prom-client's AggregatorRegistry (counters and histograms summed) and answers the text.
 * Both sides of that exchange live here; loading this module in the supervisor is enough.
 */

const METRICS_REQUEST = 'shop:metrics-request';
const METRICS_ANSWER = 'shop:metrics-answer';
/** Longer than prom-client's own 5 s wait for the workers, so its error arrives first. */
const WORKER_WAIT_MS = 6_000;

interface MetricsRequest {
  type: typeof METRICS_REQUEST;
  id: string;
}

interface MetricsAnswer {
  type: typeof METRICS_ANSWER;
  id: string;
  text?: string;
  error?: string;
}

function isMessage<T extends { type: string }>(message: unknown, type: T['type']): message is T {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

let aggregator: AggregatorRegistry<PrometheusContentType> | undefined;

/**
 * In the supervisor (cluster primary): the metrics of every live worker, aggregated, as
 * Prometheus text ('' when no worker runs). Rejects when a worker does not answer within 5 s.
 */
export function clusterMetrics(): Promise<string> {
  aggregator ??= new AggregatorRegistry<PrometheusContentType>();
  return aggregator.clusterMetrics();
}

if (cluster.isPrimary) {
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage<MetricsRequest>(message, METRICS_REQUEST)) return;
    const reply = (answer: Omit<MetricsAnswer, 'type' | 'id'>) => {
      if (worker.isConnected()) worker.send({ type: METRICS_ANSWER, id: message.id, ...answer } satisfies MetricsAnswer);
    };
    clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

const waiting = new Map<string, (answer: MetricsAnswer | Error) => void>();

function onAnswer(message: unknown): void {
  if (isMessage<MetricsAnswer>(message, METRICS_ANSWER)) waiting.get(message.id)?.(message);
}

/** In a worker: the whole machine's metrics, from the supervisor. */
export function machineMetrics(): Promise<string> {
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) return Promise.reject(new Error('not a cluster worker'));
  const id = randomUUID();
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => settle(new Error(`the supervisor did not answer within ${WORKER_WAIT_MS} ms`)),
      WORKER_WAIT_MS,
    );
    // Listening only while a request waits: a 'message' listener keeps the IPC channel open.
    function settle(answer: MetricsAnswer | Error): void {
      clearTimeout(timer);
      waiting.delete(id);
      if (waiting.size === 0) process.off('message', onAnswer);
      if (answer instanceof Error) reject(answer);
      else if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(answer.error ?? 'no metrics in the answer'));
    }
    if (waiting.size === 0) process.on('message', onAnswer);
    waiting.set(id, settle);
    send({ type: METRICS_REQUEST, id } satisfies MetricsRequest);
  });
}
