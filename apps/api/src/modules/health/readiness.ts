/** How long one readiness check may take: a load balancer's probe must get an answer quickly. */
export const READINESS_CHECK_TIMEOUT_MS = 2000;

/** A dependency the process needs to serve requests (the database, Redis, object storage). */
export interface ReadinessCheck {
  /** Named in a 503 answer: `database`, `redis`, `storage`. */
  name: string;
  /** Resolves when the dependency answers; rejects otherwise. The signal aborts at the timeout. */
  check(signal: AbortSignal): Promise<unknown>;
}

export type CheckResult = 'ok' | 'failed' | 'timeout';

export interface ReadinessReport {
  ready: boolean;
  checks: Record<string, CheckResult>;
  /** Check errors (for the log; never sent to the client). */
  errors: Array<{ name: string; error: unknown }>;
}

/** Runs every check at once, each bounded by timeoutMs; never throws. */
export async function runReadinessChecks(
  checks: readonly ReadinessCheck[],
  timeoutMs: number = READINESS_CHECK_TIMEOUT_MS,
): Promise<ReadinessReport> {
  const errors: ReadinessReport['errors'] = [];
  const results = await Promise.all(
    checks.map(async ({ name, check }): Promise<[string, CheckResult]> => {
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => {
          controller.abort(new Error(`readiness check ${name} took longer than ${timeoutMs} ms`));
          resolve('timeout');
        }, timeoutMs);
      });
      // A check that throws synchronously counts as failed like one that rejects.
      const attempt = Promise.resolve()
        .then(() => check(controller.signal))
        .then(
          () => 'ok' as const,
          (error: unknown) => {
            if (!controller.signal.aborted) errors.push({ name, error });
            return 'failed' as const;
          },
        );
      try {
        return [name, await Promise.race([attempt, timedOut])];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return {
    ready: results.every(([, result]) => result === 'ok'),
    checks: Object.fromEntries(results),
    errors,
  };
}
