/**
 * Work that follows a reply but must not delay it (e.g. e-mail after an order), tracked so the
 * process can wait for it before shutting down.
 */
export function createBackgroundTasks() {
  const running = new Set<Promise<void>>();
  return {
    /** Starts a task now; a rejection goes to onError, never to the caller. */
    run(task: () => Promise<void>, onError: (error: unknown) => void): void {
      const promise = task()
        .catch((error: unknown) => onError(error))
        .finally(() => running.delete(promise));
      running.add(promise);
    },

    /** Resolves when every task started so far (and any they start) has finished. */
    async drain(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
