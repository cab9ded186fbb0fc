import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

/** Work that must run in one process of the whole shop (the abandoned-payment sweep, the merchant sync). */
export interface BackgroundWork {
  /** This process leads now: start the work. */
  start(): void;
  /** This process leads no more (or stops): stop the work and wait for what is under way. */
  stop(): Promise<void>;
}

/** Decides which process runs the shop's background work (docs/decisions/026). */
export interface Leadership {
  /** Runs `work` while this process leads; resolves once the first attempt to lead has ended. */
  run(work: BackgroundWork, log: Pick<FastifyBaseLogger, 'info' | 'warn'>): Promise<void>;
  /** Whether this process runs the background work now. */
  leading(): boolean;
  /** Stops the work and lets another process lead (the app's close). */
  close(): Promise<void>;
}

/** The only process of the shop (the embedded database, tests): it always leads. */
export function soleLeadership(): Leadership {
  let work: BackgroundWork | undefined;
  return {
    async run(next) {
      work = next;
      work.start();
    },
    leading: () => work !== undefined,
    async close() {
      const stopping = work;
      work = undefined;
      await stopping?.stop();
    },
  };
}

/** The advisory lock the leader holds (the migration lock in db/client.ts is 8_415_273). */
export const LEADER_LOCK_KEY = 8_415_274;
/** How often a follower tries to take the lead, and the leader checks its connection. */
export const LEADER_CHECK_MS = 2000;
/** A check the database does not answer within this ends the leadership. */
const CHECK_TIMEOUT_MS = 5000;

/** The application_name of the leader connections (how an operator, and the tests, see who leads). */
export const leaderConnectionName = (pid: number = process.pid) => `shop background work, pid ${pid}`;

export interface AdvisoryLeadershipOptions {
  connectionString: string;
  checkMs?: number;
}

/**
 * Leadership by a PostgreSQL session advisory lock held on a dedicated connection: the process
 * whose connection holds LEADER_LOCK_KEY leads; the others try again every few seconds, so when
 * the leader dies (its session ends and the lock goes with it) another takes over within
 * seconds. A leader whose connection fails or stops answering stops its work before it tries to
 * lead again. The work is safe to run twice anyway (claims with SKIP LOCKED, guarded updates):
 * one leader saves the database from N identical sweeps, it is not what keeps the data right.
 */
export function advisoryLockLeadership({ connectionString, checkMs = LEADER_CHECK_MS }: AdvisoryLeadershipOptions): Leadership {
  let work: BackgroundWork | undefined;
  let log: Pick<FastifyBaseLogger, 'info' | 'warn'> | undefined;
  let client: pg.Client | null = null;
  let isLeading = false;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let lastProblem: string | undefined;
  // Every change of state runs in turn: a check never overlaps a step down.
  let queue: Promise<void> = Promise.resolve();
  const serial = (step: () => Promise<void>) => {
    queue = queue.then(step, step);
    return queue;
  };

  async function stepDown(reason: unknown): Promise<void> {
    const current = client;
    client = null;
    current?.removeAllListeners('end');
    current?.on('error', () => undefined);
    void current?.end().catch(() => undefined);
    const message = reason instanceof Error ? reason.message : String(reason);
    if (isLeading) {
      isLeading = false;
      log?.warn({ reason: message }, 'this process stopped leading the background work; another one takes over');
      await work?.stop();
    } else if (message !== lastProblem && !closed) {
      log?.warn({ reason: message }, 'cannot take part in choosing the background-work leader; retrying');
    }
    lastProblem = message;
  }

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({
      connectionString,
      application_name: leaderConnectionName(),
      keepAlive: true,
      connectionTimeoutMillis: CHECK_TIMEOUT_MS,
      query_timeout: CHECK_TIMEOUT_MS,
      // The server notices a leader gone without a word (power, network) and frees the lock.
      options: '-c tcp_keepalives_idle=10 -c tcp_keepalives_interval=5 -c tcp_keepalives_count=3',
    });
    const lost = (error: unknown) => void serial(() => (client === next ? stepDown(error) : Promise.resolve()));
    next.on('error', lost);
    next.on('end', () => lost(new Error('the leader connection ended')));
    await next.connect();
    return next;
  }

  async function check(): Promise<void> {
    if (closed) return;
    try {
      client ??= await connect();
      if (isLeading) {
        await client.query('select 1');
        return;
      }
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [LEADER_LOCK_KEY]);
      if (rows[0]?.locked && !closed) {
        isLeading = true;
        lastProblem = undefined;
        log?.info('this process leads the background work (abandoned-payment sweep, Google Merchant sync, cart reminders)');
        work?.start();
      }
    } catch (error) {
      await stepDown(error);
    }
  }

  function schedule(): void {
    if (closed) return;
    timer = setTimeout(() => {
      void serial(check).finally(schedule);
    }, checkMs);
    timer.unref();
  }

  return {
    async run(next, logger) {
      work = next;
      log = logger;
      await serial(check);
      schedule();
    },
    leading: () => isLeading,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await serial(async () => {
        const current = client;
        client = null;
        if (isLeading) {
          isLeading = false;
          await work?.stop();
        }
        if (!current) return;
        current.removeAllListeners('end');
        current.on('error', () => undefined);
        // Ending the session releases the lock at once: another process leads at its next check.
        await current.end().catch(() => undefined);
      });
    },
  };
}
