import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { createLimitKeeper } from './shared-limits.js';

/** Crashes within CRASH_WINDOW_MS after which the supervisor gives up (a worker that cannot start). */
export const MAX_CRASHES = 5;
const CRASH_WINDOW_MS = 60_000;
/** Wait before replacing a crashed worker: doubles with each recent crash, up to the maximum. */
const RESTART_FIRST_DELAY_MS = 250;
const RESTART_MAX_DELAY_MS = 5000;
/** Beyond the workers' own deadline, what the supervisor allows before it kills them. */
const SUPERVISOR_GRACE_MS = 5000;
/**
 * The young generation of a worker's heap, in MB per semi-space (V8's default is 16 on 64-bit
 * machines). A worker renders dozens of pages at once under load; with the default, objects of
 * pages still being rendered survived scavenges and were copied and promoted, and the garbage
 * collector took about 14% of a worker's CPU. See the README's performance section.
 */
export const WORKER_SEMI_SPACE_MB = 64;

/**
 * The Node options a worker starts with: the supervisor's own, and the young generation above
 * unless the operator chose one (on the command line or in NODE_OPTIONS).
 */
export function workerExecArgv(execArgv: readonly string[], nodeOptions = ''): string[] {
  const chosen = [...execArgv, ...nodeOptions.split(/\s+/)].some((option) => option.startsWith('--max-semi-space-size'));
  return chosen ? [...execArgv] : [...execArgv, `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`];
}

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
type Level = keyof typeof LEVELS;

/** The supervisor's log lines, in the same JSON form as the workers' (pino's). */
export function supervisorLog(levelName: string) {
  const threshold = levelName in LEVELS ? LEVELS[levelName as Level] : levelName === 'silent' ? Infinity : LEVELS.info;
  const hostname = os.hostname();
  const write = (level: Level) => (fields: Record<string, unknown>, msg: string) => {
    if (LEVELS[level] < threshold) return;
    const line = { level: LEVELS[level], time: Date.now(), pid: process.pid, hostname, name: 'supervisor', ...fields, msg };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
export type SupervisorLog = ReturnType<typeof supervisorLog>;

export interface SupervisorOptions {
  /** How many workers to keep running. */
  workers: number;
  /** The workers' shutdown deadline (SHUTDOWN_TIMEOUT_SECONDS). */
  shutdownTimeoutMs: number;
  /** Logged once every worker listens for the first time. */
  readyMessage: string;
  log: SupervisorLog;
}

/**
 * The primary of `npm start` with WEB_CONCURRENCY > 1 (docs/decisions/026): forks the workers,
 * which share the port (node:cluster hands out connections in turn), keeps their rate-limit
 * counts, and replaces a worker that dies, waiting longer after each recent crash. After
 * MAX_CRASHES crashes within a minute it stops everything and exits with 1 (a worker that cannot
 * start would otherwise be restarted for ever). SIGTERM or SIGINT is passed on to every worker;
 * the supervisor exits when the last has exited: 0 if every worker stopped cleanly, else 1.
 */
export function superviseWorkers({ workers, shutdownTimeoutMs, readyMessage, log }: SupervisorOptions): void {
  const limits = createLimitKeeper();
  const crashes: number[] = [];
  let stopping = false;
  let exitCode = 0;
  let readyWorkers = 0;

  const alive = () => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);

  const fork = () => {
    const worker = cluster.fork();
    limits.serve(worker);
    worker.once('listening', () => {
      readyWorkers += 1;
      if (readyWorkers === workers) log.info({ workers }, readyMessage);
      else log.info({ worker_pid: worker.process.pid }, 'worker ready');
    });
  };

  const finishWhenAllExited = () => {
    if (stopping && alive().length === 0) {
      log.info({ exit_code: exitCode }, 'every worker has stopped');
      process.exit(exitCode);
    }
  };

  const stop = (reason: string, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    log.info({ reason }, 'stopping the workers');
    for (const worker of alive()) worker.process.kill('SIGTERM');
    const deadline = setTimeout(() => {
      log.error({ workers: alive().length }, 'workers still running after the shutdown deadline: killed');
      for (const worker of alive()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownTimeoutMs + SUPERVISOR_GRACE_MS);
    deadline.unref();
    finishWhenAllExited();
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) exitCode = 1;
      finishWhenAllExited();
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length >= MAX_CRASHES) {
      log.error({ crashes: crashes.length }, `workers crashed ${crashes.length} times within a minute: giving up`);
      stop('workers keep crashing', 1);
      return;
    }
    const delay = Math.min(RESTART_MAX_DELAY_MS, RESTART_FIRST_DELAY_MS * 2 ** (crashes.length - 1));
    log.warn({ worker_pid: worker.process.pid, code, signal, restart_in_ms: delay }, 'worker ended unexpectedly: starting another');
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));

  log.info({ workers }, 'starting the workers');
  cluster.setupPrimary({ execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS) });
  for (let index = 0; index < workers; index += 1) fork();
}
